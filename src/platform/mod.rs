//! What the browser offers beyond the page: vibration, the wake lock and
//! downloads (`device`), the language (`lang`: remembered, else the
//! browser's, and the switch), sound (`sound`), and the service worker
//! (`sw`).

pub mod device;
pub mod lang;
pub mod link;
pub mod sound;
pub mod sw;
