// Links to messages of the chat: /chat/<thread>/#seq-<n> or #seq-<n>,<m>,... (a memory's
// source link names the messages it cites). Every message in the log carries data-seq; this
// gives it the matching id, and when the page opens with such a hash (or the hash changes)
// scrolls the first named message into view and highlights every named one for a few
// seconds, loading earlier pages first (at most MAX_EARLIER_PAGES) while the first is older
// than everything shown.

const MAX_EARLIER_PAGES = 20;
const HIGHLIGHT_MS = 4000;

/**
 * log:          the chat's <ol> of messages
 * hasEarlier(): whether older messages can still be loaded
 * loadEarlier(): load the next older page (the log then changes and the search goes on)
 */
export function installMessageAnchors({ log, hasEarlier, loadEarlier }) {
  let wanted = null; // the seqs named by the hash, lowest first
  let pagesLoaded = 0;
  const reveal = () => {
    if (!wanted) return;
    const target = document.getElementById(`seq-${wanted[0]}`);
    if (target) {
      const named = wanted.map((seq) => document.getElementById(`seq-${seq}`)).filter(Boolean);
      for (const node of named) node.classList.add("mem-source-highlight");
      target.scrollIntoView({ block: "center" });
      setTimeout(() => named.forEach((node) => node.classList.remove("mem-source-highlight")), HIGHLIGHT_MS);
      wanted = null;
      return;
    }
    const seqs = [...log.querySelectorAll(".chat-msg[data-seq]")].map((node) => Number(node.dataset.seq));
    if (hasEarlier() && seqs.length && Math.min(...seqs) > wanted[0] && pagesLoaded < MAX_EARLIER_PAGES) {
      pagesLoaded += 1;
      loadEarlier();
    }
  };
  const label = () => {
    for (const node of log.querySelectorAll(".chat-msg[data-seq]:not([id])")) node.id = `seq-${node.dataset.seq}`;
    reveal();
  };
  const fromHash = () => {
    const match = window.location.hash.match(/^#seq-(\d+(?:,\d+)*)$/);
    wanted = match ? match[1].split(",").map(Number).sort((a, b) => a - b) : null;
    pagesLoaded = 0;
    label();
  };
  new MutationObserver(label).observe(log, { childList: true });
  window.addEventListener("hashchange", fromHash);
  fromHash();
}
