//! Work for after the next frame is painted, in one queue: a tap's sound,
//! the scroll that brings its decision into view and its write all wait for
//! the same frame, through one animation frame callback and one task after
//! it, made once per page, not a closure pair each (issue 42: three such
//! pairs per tap cost about 0.8 ms of its work, unthrottled).

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

type Job = Box<dyn FnOnce()>;

thread_local! {
    static QUEUE: RefCell<Vec<Job>> = const { RefCell::new(Vec::new()) };
    /// When the queue's first job came (ms, `performance.now`).
    static SINCE: RefCell<f64> = const { RefCell::new(0.0) };
    /// The frame's callback (posts the second), the task that runs the
    /// queue, and the 100 ms fallback; all live as long as the page.
    static CALLBACKS: [Closure<dyn Fn()>; 3] = [
        Closure::<dyn Fn()>::new(|| CALLBACKS.with(|[_, drain, _]| post(drain, 0))),
        Closure::<dyn Fn()>::new(drain),
        // Where no frame came in 100 ms: a job queued since a later frame
        // waits for its own.
        Closure::<dyn Fn()>::new(|| {
            if now() - SINCE.with_borrow(|s| *s) >= 99.0 {
                drain();
            }
        }),
    ];
}

/// Milliseconds since the page began (`performance.now()`; 0 without it).
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn post(f: &Closure<dyn Fn()>, ms: i32) {
    if let Some(w) = web_sys::window() {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(f.as_ref().unchecked_ref(), ms);
    }
}

/// Runs what is queued, in order; what it queues waits for the next frame.
fn drain() {
    let jobs = QUEUE.with_borrow_mut(std::mem::take);
    for job in jobs {
        job();
    }
}

/// Runs `f` in a task once the next frame is painted: layout is done by
/// then, so reading it costs nothing, and the frame a tap changed is not
/// held up by it. A hidden page paints no frame: there it runs after
/// 100 ms.
pub fn after_paint(f: impl FnOnce() + 'static) {
    let first = QUEUE.with_borrow_mut(|q| {
        q.push(Box::new(f));
        q.len() == 1
    });
    if !first {
        return;
    }
    SINCE.with_borrow_mut(|s| *s = now());
    CALLBACKS.with(|[after, _, late]| {
        let Some(w) = web_sys::window() else { return };
        let _ = w.request_animation_frame(after.as_ref().unchecked_ref());
        post(late, 100);
    });
}
