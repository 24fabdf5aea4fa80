/**
 * Waiting for the next frame to be painted: work that a click causes but the visitor does not see
 * (a call's start, moving focus) goes after the frame that shows the panel, instead of delaying it.
 */

/**
 * Resolves in the first task after the next frame (an animation frame, then a task), or in the
 * next task where no frame is coming: no window, or a hidden page, which paints no frames.
 */
export function afterPaint(win: Window | null | undefined): Promise<void> {
  return new Promise((resolve) => {
    const task = () => setTimeout(resolve, 0);
    if (!win?.requestAnimationFrame || win.document?.visibilityState === 'hidden') task();
    else win.requestAnimationFrame(task);
  });
}
