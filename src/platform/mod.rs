//! What the browser offers beyond the page: vibration, the wake lock and
//! downloads (`device`), work after the next paint (`frame`), the
//! language (`lang`: remembered, else the browser's, and the switch),
//! sound (`sound`), the service worker
//! (`sw`), and for play across phones the connection (`link`) and its QR
//! codes (`qr`); a file beside the app (`data`: a level's table).

pub mod data;
pub mod device;
pub mod frame;
pub mod lang;
pub mod link;
pub mod qr;
pub mod sound;
pub mod sw;
