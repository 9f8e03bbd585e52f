// Role-play formatting for chat messages, safe by construction: the text is HTML-escaped
// first, and only then are the markers turned into markup, in one pass, so nothing a user
// or a model writes can become a tag or an attribute.
//
//   **strong**        → <strong>
//   *an action*       → <em class="chat-action">  (quotes inside are styled too)
//   "speech" / “…”    → <span class="chat-quote">  (the quote marks are kept)
//
// An unclosed marker (a reply still streaming, "*she turns") stays as typed until it closes.
// Line breaks are kept by CSS (white-space: pre-wrap).

export function escapeHtml(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const QUOTE = /(&quot;[^\n]*?&quot;|“[^”\n]*?”)/g;
const MARKERS = /(\*\*[^*\n]+?\*\*)|(\*[^*\n]+?\*)|(&quot;[^\n]*?&quot;|“[^”\n]*?”)/g;

function quotes(escaped) {
  return escaped.replace(QUOTE, (match) => `<span class="chat-quote">${match}</span>`);
}

/** The HTML of one message's text. */
export function formatRoleplay(text) {
  return escapeHtml(text).replace(MARKERS, (match, strong, action, quote) => {
    if (strong) return `<strong>${quotes(strong.slice(2, -2))}</strong>`;
    if (action) return `<em class="chat-action">${quotes(action.slice(1, -1))}</em>`;
    return `<span class="chat-quote">${quote}</span>`;
  });
}
