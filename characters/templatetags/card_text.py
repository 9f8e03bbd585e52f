"""``card_html``: a card's text (description, scenario, greeting) as a page shows it.

Cards written for other front ends carry a little HTML (``<b>``, ``<i>``, ``<br>``). The text
is HTML-escaped first, as chat messages are; only then do balanced bold, italic and underline
pairs become our own attribute-free tags and ``<br>`` a line break, and any other tag is left
out, so nothing a card holds can become markup of its own (no attributes, scripts or links)."""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_PAIRS = (("b", "strong"), ("strong", "strong"), ("i", "em"), ("em", "em"), ("u", "u"))
_PAIR_PATTERNS = tuple(
    (re.compile(rf"&lt;{tag}&gt;(.*?)&lt;/{tag}&gt;", re.IGNORECASE | re.DOTALL), shown)
    for tag, shown in _PAIRS
)
# Any tag left once the pairs are drawn, still escaped: ``&lt;div class=&quot;x&quot;&gt;``.
_LEFTOVER_TAG = re.compile(r"&lt;/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*?)?/?&gt;")


@register.filter
def card_html(text: str) -> SafeString:
    escaped = escape(_LINE_BREAK.sub("\n", (text or "").replace("\r\n", "\n")))
    for pattern, shown in _PAIR_PATTERNS:
        # Repeated so that a pair nested in the same tag (<b>a <b>b</b></b>) is drawn too.
        previous = None
        while previous != escaped:
            previous, escaped = escaped, pattern.sub(rf"<{shown}>\1</{shown}>", escaped)
    escaped = _LEFTOVER_TAG.sub("", escaped)
    return mark_safe(escaped.replace("\n", "<br>"))  # noqa: S308 - escaped above, our tags only
