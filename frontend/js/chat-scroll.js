// Keeping the chat log on its newest message: while the reader is at the bottom (within
// STICK_THRESHOLD_PX), new messages and streamed text scroll into view; once they scroll up
// the log stays where they are and the "↓ New messages" button shows instead, which jumps
// back down and sticks again.

const STICK_THRESHOLD_PX = 48;

/** log: the scrolling message list; jump: the "new messages" button. */
export function followLog({ log, jump }) {
  let stick = true;
  const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < STICK_THRESHOLD_PX;

  /** After the log grew: follow it down when sticking, else offer the jump. */
  function follow() {
    if (stick) {
      log.scrollTop = log.scrollHeight;
      jump.hidden = true;
    } else {
      jump.hidden = false;
    }
  }

  /** Go to the newest message and keep following (after the user sends, or jumps). */
  function stickToBottom() {
    stick = true;
    follow();
  }

  log.addEventListener("scroll", () => {
    stick = atBottom();
    if (stick) jump.hidden = true;
  });
  jump.addEventListener("click", stickToBottom);
  return { follow, stickToBottom };
}
