//! QR codes for play across phones (issue 41): the invitation and the
//! answer drawn as a QR code (the `qrcode` crate, as SVG), and a picture's
//! QR code read back (the `rqrr` crate), for browsers whose camera offers
//! no `BarcodeDetector`. Plain functions over text and grey pixels, so the
//! tests hold the drawing against the reading.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode, Version};

/// A drawn QR code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qr {
    /// Its version (1-40): the number of modules a side is 17 + 4 × version.
    pub version: i16,
    /// Modules a side, the quiet zone left out.
    pub modules: usize,
    /// The SVG, one module one unit, with a quiet zone of four.
    pub svg: String,
}

/// `text` as a QR code. Error correction "low" (7 %): a screen shows the
/// code clean, and the lower version gives bigger modules, which a phone
/// held at arm's length reads more easily. `qrcode` picks the densest mode
/// for each part: a code's 41 letters are all in the alphanumeric mode,
/// and a link's address goes in bytes.
pub fn draw(text: &str) -> Option<Qr> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let version = match code.version() {
        Version::Normal(v) | Version::Micro(v) => v,
    };
    let svg = code
        .render::<svg::Color>()
        .module_dimensions(1, 1)
        .quiet_zone(true)
        .build();
    // The XML declaration is for a file; inline, the SVG element is enough.
    let svg = match svg.find("<svg") {
        Some(i) => svg[i..].to_string(),
        None => svg,
    };
    Some(Qr {
        version,
        modules: code.width(),
        svg,
    })
}

/// The app's own decoder (`read`), as its chunk hands it over.
pub type Decoder = fn(usize, usize, &[u8]) -> Option<String>;

/// The decoder: `rqrr` weighs about 80 KB brotli, and only a browser
/// without `BarcodeDetector` needs it, so it is a chunk of its own, fetched
/// when such a browser's scanner opens (cached offline like the others).
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(scan, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn decoder() -> Result<Decoder, leptos::wasm_split::SplitLoaderError> {
    Ok(read)
}

#[cfg(not(feature = "split"))]
pub async fn decoder() -> Result<Decoder, leptos::wasm_split::SplitLoaderError> {
    Ok(read)
}

/// The text of the first QR code found in a grey picture of `width` ×
/// `height` pixels, row by row (0 black, 255 white).
pub fn read(width: usize, height: usize, grey: &[u8]) -> Option<String> {
    if width == 0 || height == 0 || grey.len() < width * height {
        return None;
    }
    let mut img =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| grey[y * width + x]);
    img.detect_grids()
        .into_iter()
        .find_map(|g| g.decode().ok().map(|(_, text)| text))
}

/// The modules of `text`'s QR code as a grey picture, `scale` pixels a
/// module with the quiet zone: what a camera sees of the drawn code, for
/// the tests.
pub fn picture(text: &str, scale: usize) -> Option<(usize, Vec<u8>)> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let n = code.width();
    let side = (n + 8) * scale;
    let mut grey = vec![255u8; side * side];
    for (i, c) in code.to_colors().into_iter().enumerate() {
        if c == qrcode::Color::Dark {
            let (mx, my) = (i % n + 4, i / n + 4);
            for y in my * scale..(my + 1) * scale {
                grey[y * side + mx * scale..y * side + (mx + 1) * scale].fill(0);
            }
        }
    }
    Some((side, grey))
}
