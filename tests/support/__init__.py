"""Test helpers shared across suites: fake servers and other doubles that run real protocols."""
