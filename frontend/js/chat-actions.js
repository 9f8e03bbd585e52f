// The actions on chat messages: edit, delete and undo on the user's own messages and on written
// replies (to correct what the character said, as SillyTavern allows); branch the
// chat at any message; browse the versions of the last reply ("‹ 2 / 3 ›") and keep one. Everything goes through the REST API
// (chat-api.js); the page passes in its state and renderers.
//
// Buttons carry data-action and are found through listeners on the log, so re-rendered
// messages need no listeners of their own. Keyboard: every action is a button; in an edit box
// Enter saves, Shift+Enter starts a new line and Escape cancels; in the version switcher the
// left and right arrow keys browse. Focus stays on the control that was used (or moves to
// Undo after a delete), and each outcome is announced through a polite live region.

import { deletedView, replyVersions } from "./chat-views.js";

/**
 * page: { log, state, api, placeMessage, removeMessage, rerender, focusIn, announce,
 *         showError, updateControls, refreshHistory }
 */
export function installMessageActions(page) {
  function startEdit(id) {
    const message = page.state.messages.get(id);
    if (!message) return;
    page.state.drafts.set(id, message.content);
    page.rerender(id);
    const input = page.state.elements.get(id).querySelector(".chat-edit__input");
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  function cancelEdit(id) {
    page.state.drafts.delete(id);
    page.rerender(id);
    page.focusIn(id, '[data-action="edit"]');
  }

  async function saveEdit(id, form) {
    const message = page.state.messages.get(id);
    const content = (page.state.drafts.get(id) || "").trim();
    if (!message) return;
    if (!content) {
      page.showError("The message is empty: write something, or delete the message instead.");
      return;
    }
    if (content === message.content) {
      cancelEdit(id);
      return;
    }
    for (const control of form.querySelectorAll("textarea, button")) control.disabled = true;
    page.showError("");
    try {
      const saved = await page.api.edit(id, content);
      page.state.drafts.delete(id);
      page.placeMessage(saved);
      page.focusIn(id, '[data-action="edit"]');
      page.announce("Message saved.");
    } catch (error) {
      for (const control of form.querySelectorAll("textarea, button")) control.disabled = false;
      page.showError(error.message);
    }
  }

  async function deleteMessage(id, button) {
    const message = page.state.messages.get(id);
    if (!message) return;
    button.disabled = true;
    page.showError("");
    try {
      await page.api.remove(id);
    } catch (error) {
      button.disabled = false;
      page.showError(error.message);
      return;
    }
    page.state.messages.delete(id);
    page.state.drafts.delete(id);
    const line = deletedView(message);
    const node = page.state.elements.get(id);
    if (node) node.replaceWith(line);
    else page.log.append(line);
    page.state.elements.set(id, line);
    line.querySelector('[data-action="undo"]').focus();
    page.announce("Message deleted. Undo brings it back.");
    page.updateControls();
  }

  async function restoreMessage(id, button) {
    button.disabled = true;
    page.showError("");
    try {
      const restored = await page.api.restore(id);
      page.placeMessage(restored);
      page.updateControls();
      page.focusIn(id, '[data-action="edit"]');
      page.announce("Message restored.");
    } catch (error) {
      button.disabled = false;
      page.showError(error.message);
    }
  }

  function browseVersion(replyId, step) {
    const message = page.state.messages.get(replyId);
    if (!message || replyId !== page.state.switcherFor) return;
    const versions = replyVersions(message);
    const current = page.state.shownVersion.get(replyId) ?? replyId;
    const index = versions.findIndex((version) => version.id === current) + step;
    if (index < 0 || index >= versions.length) return;
    const target = versions[index];
    if (target.id === replyId) page.state.shownVersion.delete(replyId);
    else page.state.shownVersion.set(replyId, target.id);
    page.rerender(replyId);
    page.focusIn(replyId, step < 0 ? '[data-action="version-prev"]' : '[data-action="version-next"]');
    page.announce(`Version ${index + 1} of ${versions.length}${target.id === replyId ? ", the one the chat continues from" : ""}.`);
  }

  async function keepVersion(replyId, button) {
    const versionId = page.state.shownVersion.get(replyId);
    if (!versionId) return;
    button.disabled = true;
    page.showError("");
    let chosen;
    try {
      chosen = await page.api.activate(versionId);
    } catch (error) {
      button.disabled = false;
      page.showError(error.message);
      if (error.code === "not_latest") page.refreshHistory();
      return;
    }
    page.removeMessage(replyId);
    page.placeMessage(chosen);
    page.updateControls();
    const versions = replyVersions(chosen);
    const number = versions.findIndex((version) => version.id === chosen.id) + 1;
    page.focusIn(chosen.id, '[data-action="version-prev"]:not([aria-disabled])') || page.focusIn(chosen.id, '[data-action="version-next"]');
    page.announce(`Version ${number} kept: the chat continues from it.`);
  }

  async function branchFrom(id, button) {
    button.disabled = true;
    page.showError("");
    try {
      const branch = await page.api.branch(id);
      page.announce("Branched: opening the new chat.");
      window.location.assign(branch.url);
    } catch (error) {
      button.disabled = false;
      page.showError(error.message);
    }
  }

  function messageIdOf(node) {
    const item = node.closest(".chat-msg[data-message-id]");
    return item ? Number(item.dataset.messageId) : null;
  }

  page.log.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled || button.getAttribute("aria-disabled") === "true") return;
    const id = messageIdOf(button);
    if (id === null) return;
    const action = button.dataset.action;
    if (action === "edit") startEdit(id);
    else if (action === "edit-cancel") cancelEdit(id);
    else if (action === "delete") deleteMessage(id, button);
    else if (action === "undo") restoreMessage(id, button);
    else if (action === "version-prev") browseVersion(id, -1);
    else if (action === "version-next") browseVersion(id, 1);
    else if (action === "version-keep") keepVersion(id, button);
    else if (action === "branch") branchFrom(id, button);
  });
  page.log.addEventListener("submit", (event) => {
    const form = event.target.closest(".chat-edit");
    if (!form) return;
    event.preventDefault();
    saveEdit(messageIdOf(form), form);
  });
  page.log.addEventListener("input", (event) => {
    if (!event.target.classList.contains("chat-edit__input")) return;
    page.state.drafts.set(messageIdOf(event.target), event.target.value);
  });
  page.log.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.classList && target.classList.contains("chat-edit__input")) {
      const id = messageIdOf(target);
      if (event.key === "Escape") {
        event.preventDefault();
        cancelEdit(id);
      } else if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        saveEdit(id, target.closest(".chat-edit"));
      }
    } else if (target.closest && target.closest(".chat-swipe") && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      browseVersion(messageIdOf(target), event.key === "ArrowLeft" ? -1 : 1);
    }
  });
}
