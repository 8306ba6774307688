//! The invitation and the answer across phones (issue 41): what a WebRTC
//! connection needs of a session description, and no more (the ICE user
//! fragment and password, the DTLS fingerprint, the setup role and the
//! host candidates), with the seat and its token for an invitation, packed
//! into a short text of the characters a QR code's alphanumeric mode holds
//! and a URL fragment keeps as they are. The other phone turns it back into
//! a description its browser accepts (`Code::sdp`).

use crate::contract::Seat;
use std::fmt;

/// The format's first byte: its version and what it carries.
const VERSION: u8 = 1;
/// The text's alphabet: 41 characters, all in a QR code's alphanumeric mode
/// and none that a URL fragment or a paste changes (no space, %, / or :).
/// Two bytes are three characters (41^3 = 68,921 > 65,536).
const ALPHABET: &[u8; 41] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*+-.";
/// The longest text read (an invitation is about 200 characters).
pub const MAX_TEXT: usize = 1200;

/// An address a candidate gathered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Addr {
    V4([u8; 4]),
    V6([u8; 16]),
    /// A browser hides a local address behind a random `<uuid>.local` name
    /// where the page may not know it.
    Mdns([u8; 16]),
}

/// A host candidate: an address and a UDP port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub addr: Addr,
    pub port: u16,
}

/// An invitation (the host's offer, for one seat) or an answer (the
/// guest's, to that seat's invitation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    Invitation {
        /// The game's id (`Game::ID`), so the phone loads its table.
        game: String,
        seat: Seat,
        token: Vec<u8>,
    },
    Answer {
        seat: Seat,
        /// The start of the invitation's token: an answer to an older
        /// invitation of the seat is told apart.
        tag: [u8; 2],
    },
}

/// What the connection needs of a description, and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    pub role: Role,
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a text is not an invitation or an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    TooLong,
    /// A character no code has (a typo, or text from elsewhere).
    NotACode,
    /// Cut short (copied in part).
    Truncated,
    /// Made by another version of the app.
    Version,
    /// A description without what a connection needs (no fingerprint, no
    /// ICE credentials).
    Incomplete,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CodeError::Empty => "empty",
            CodeError::TooLong => "too long",
            CodeError::NotACode => "not a code",
            CodeError::Truncated => "truncated",
            CodeError::Version => "another version",
            CodeError::Incomplete => "incomplete description",
        })
    }
}

impl Code {
    /// What the connection needs of a browser's description (SDP), for
    /// `role`: its ICE credentials, fingerprint and UDP host candidates.
    pub fn from_sdp(sdp: &str, role: Role) -> Result<Code, CodeError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=fingerprint:sha-256 ") {
                let bytes: Vec<u8> = v
                    .split(':')
                    .filter_map(|h| u8::from_str_radix(h, 16).ok())
                    .collect();
                fingerprint = <[u8; 32]>::try_from(bytes).ok();
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                if let Some(c) = candidate(v) {
                    if !candidates.contains(&c) {
                        candidates.push(c);
                    }
                }
            }
        }
        let ok = |s: &Option<String>, max: usize| {
            s.as_ref()
                .is_some_and(|s| !s.is_empty() && s.len() <= max && s.is_ascii())
        };
        if !ok(&ufrag, 32) || !ok(&pwd, 64) || fingerprint.is_none() {
            return Err(CodeError::Incomplete);
        }
        Ok(Code {
            role,
            ufrag: ufrag.unwrap_or_default(),
            pwd: pwd.unwrap_or_default(),
            fingerprint: fingerprint.unwrap_or_default(),
            candidates,
        })
    }

    /// The test switch `?candidates=loopback` (issue 41): every candidate's
    /// address written as 127.0.0.1, so a test's two browsers meet on the
    /// loopback and nowhere else.
    pub fn loopback(&mut self) {
        let mut seen = Vec::new();
        self.candidates.retain_mut(|c| {
            c.addr = Addr::V4([127, 0, 0, 1]);
            let new = !seen.contains(&c.port);
            seen.push(c.port);
            new
        });
    }

    /// A description the other browser accepts as the remote one: an offer
    /// for an invitation, an answer for an answer, with one data channel.
    pub fn sdp(&self) -> String {
        let setup = match self.role {
            Role::Invitation { .. } => "actpass",
            Role::Answer { .. } => "active",
        };
        let mut out = String::with_capacity(800);
        let mut line = |s: &str| {
            out.push_str(s);
            out.push_str("\r\n");
        };
        line("v=0");
        line("o=- 1 2 IN IP4 127.0.0.1");
        line("s=-");
        line("t=0 0");
        line("a=group:BUNDLE 0");
        line("a=msid-semantic: WMS");
        line("m=application 9 UDP/DTLS/SCTP webrtc-datachannel");
        line("c=IN IP4 0.0.0.0");
        for (i, c) in self.candidates.iter().enumerate() {
            line(&format!(
                "a=candidate:{} 1 udp {} {} {} typ host generation 0",
                1000 + i,
                2_122_260_223u32 - i as u32,
                addr_text(&c.addr),
                c.port
            ));
        }
        line(&format!("a=ice-ufrag:{}", self.ufrag));
        line(&format!("a=ice-pwd:{}", self.pwd));
        line("a=ice-options:trickle");
        let hex: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        line(&format!("a=fingerprint:sha-256 {}", hex.join(":")));
        line(&format!("a=setup:{setup}"));
        line("a=mid:0");
        line("a=sctp-port:5000");
        line("a=max-message-size:262144");
        out
    }

    /// Whether this is an invitation (else an answer): the description's
    /// type for `RTCSessionDescription`.
    pub fn is_invitation(&self) -> bool {
        matches!(self.role, Role::Invitation { .. })
    }

    /// The code as bytes, then as text.
    pub fn text(&self) -> String {
        let mut b = Vec::with_capacity(160);
        match &self.role {
            Role::Invitation { game, seat, token } => {
                b.push(VERSION << 1);
                b.push(*seat as u8);
                short(&mut b, game.as_bytes());
                short(&mut b, token);
            }
            Role::Answer { seat, tag } => {
                b.push((VERSION << 1) | 1);
                b.push(*seat as u8);
                b.extend_from_slice(tag);
            }
        }
        short(&mut b, self.ufrag.as_bytes());
        short(&mut b, self.pwd.as_bytes());
        b.extend_from_slice(&self.fingerprint);
        b.push(self.candidates.len() as u8);
        for c in &self.candidates {
            match c.addr {
                Addr::V4(a) => {
                    b.push(4);
                    b.extend_from_slice(&a);
                }
                Addr::V6(a) => {
                    b.push(6);
                    b.extend_from_slice(&a);
                }
                Addr::Mdns(a) => {
                    b.push(0);
                    b.extend_from_slice(&a);
                }
            }
            b.extend_from_slice(&c.port.to_be_bytes());
        }
        encode(&b)
    }

    /// Reads a code's text (spaces, line breaks and a link's start before
    /// `#` are ignored; small letters read as capitals).
    pub fn read(text: &str) -> Result<Code, CodeError> {
        let text = text.rsplit('#').next().unwrap_or_default();
        let text: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        if text.len() > MAX_TEXT {
            return Err(CodeError::TooLong);
        }
        let bytes = decode(&text)?;
        let mut r = Reader(&bytes);
        let head = r.byte()?;
        if head >> 1 != VERSION {
            return Err(CodeError::Version);
        }
        let seat = r.byte()? as Seat;
        let role = if head & 1 == 0 {
            let game = String::from_utf8(r.short()?.to_vec()).map_err(|_| CodeError::NotACode)?;
            let token = r.short()?.to_vec();
            Role::Invitation { game, seat, token }
        } else {
            Role::Answer {
                seat,
                tag: [r.byte()?, r.byte()?],
            }
        };
        let text = |b: &[u8]| {
            String::from_utf8(b.to_vec())
                .ok()
                .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_graphic()))
                .ok_or(CodeError::Incomplete)
        };
        let ufrag = text(r.short()?)?;
        let pwd = text(r.short()?)?;
        let fingerprint: [u8; 32] = r.take(32)?.try_into().map_err(|_| CodeError::Truncated)?;
        let n = r.byte()?;
        let mut candidates = Vec::new();
        for _ in 0..n {
            let addr = match r.byte()? {
                4 => Addr::V4(r.take(4)?.try_into().map_err(|_| CodeError::Truncated)?),
                6 => Addr::V6(r.take(16)?.try_into().map_err(|_| CodeError::Truncated)?),
                0 => Addr::Mdns(r.take(16)?.try_into().map_err(|_| CodeError::Truncated)?),
                _ => return Err(CodeError::NotACode),
            };
            let p = r.take(2)?;
            candidates.push(Candidate {
                addr,
                port: u16::from_be_bytes([p[0], p[1]]),
            });
        }
        if !r.0.is_empty() {
            return Err(CodeError::NotACode);
        }
        Ok(Code {
            role,
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }
}

/// A UDP host candidate of an `a=candidate:` line (TCP ones, and relayed
/// or reflexive ones, which `iceServers: []` never gathers, are left out).
fn candidate(line: &str) -> Option<Candidate> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 8 || !f[2].eq_ignore_ascii_case("udp") || f[6] != "typ" || f[7] != "host" {
        return None;
    }
    let port: u16 = f[5].parse().ok()?;
    let addr = if let Some(name) = f[4].strip_suffix(".local") {
        let hex: String = name.chars().filter(|c| *c != '-').collect();
        if hex.len() != 32 {
            return None;
        }
        let mut a = [0u8; 16];
        for (i, b) in a.iter_mut().enumerate() {
            *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Addr::Mdns(a)
    } else if let Ok(ip) = f[4].parse::<std::net::Ipv4Addr>() {
        Addr::V4(ip.octets())
    } else if let Ok(ip) = f[4].parse::<std::net::Ipv6Addr>() {
        Addr::V6(ip.octets())
    } else {
        return None;
    };
    Some(Candidate { addr, port })
}

fn addr_text(a: &Addr) -> String {
    match a {
        Addr::V4(a) => std::net::Ipv4Addr::from(*a).to_string(),
        Addr::V6(a) => std::net::Ipv6Addr::from(*a).to_string(),
        Addr::Mdns(a) => {
            let h: String = a.iter().map(|b| format!("{b:02x}")).collect();
            format!(
                "{}-{}-{}-{}-{}.local",
                &h[0..8],
                &h[8..12],
                &h[12..16],
                &h[16..20],
                &h[20..32]
            )
        }
    }
}

/// A length (at most 255) and the bytes.
fn short(b: &mut Vec<u8>, s: &[u8]) {
    let s = &s[..s.len().min(255)];
    b.push(s.len() as u8);
    b.extend_from_slice(s);
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], CodeError> {
        if self.0.len() < n {
            return Err(CodeError::Truncated);
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }
    fn byte(&mut self) -> Result<u8, CodeError> {
        Ok(self.take(1)?[0])
    }
    fn short(&mut self) -> Result<&'a [u8], CodeError> {
        let n = self.byte()? as usize;
        self.take(n)
    }
}

/// Two bytes as three characters, a last odd byte as two.
fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3 / 2 + 2);
    let ch = |v: usize| ALPHABET[v] as char;
    for pair in bytes.chunks(2) {
        if let [a, b] = pair {
            let v = (*a as usize) << 8 | *b as usize;
            out.push(ch(v % 41));
            out.push(ch(v / 41 % 41));
            out.push(ch(v / 1681));
        } else {
            let v = pair[0] as usize;
            out.push(ch(v % 41));
            out.push(ch(v / 41));
        }
    }
    out
}

fn decode(text: &str) -> Result<Vec<u8>, CodeError> {
    let digits: Vec<usize> = text
        .bytes()
        .map(|c| {
            ALPHABET
                .iter()
                .position(|&a| a == c)
                .ok_or(CodeError::NotACode)
        })
        .collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(digits.len() * 2 / 3 + 1);
    for chunk in digits.chunks(3) {
        match chunk {
            [a, b, c] => {
                let v = a + b * 41 + c * 1681;
                if v > 0xFFFF {
                    return Err(CodeError::NotACode);
                }
                out.push((v >> 8) as u8);
                out.push(v as u8);
            }
            [a, b] => {
                let v = a + b * 41;
                if v > 0xFF {
                    return Err(CodeError::NotACode);
                }
                out.push(v as u8);
            }
            _ => return Err(CodeError::Truncated),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORDED: [(&str, &str); 6] = [
        (
            "offer-mdns",
            include_str!("fixtures/chromium-offer-mdns.sdp"),
        ),
        (
            "answer-mdns",
            include_str!("fixtures/chromium-answer-mdns.sdp"),
        ),
        (
            "offer-mdns-2",
            include_str!("fixtures/chromium-offer-mdns-2.sdp"),
        ),
        (
            "answer-mdns-2",
            include_str!("fixtures/chromium-answer-mdns-2.sdp"),
        ),
        (
            "offer-camera",
            include_str!("fixtures/chromium-offer-camera.sdp"),
        ),
        (
            "answer-camera",
            include_str!("fixtures/chromium-answer-camera.sdp"),
        ),
    ];

    fn role(name: &str) -> Role {
        if name.starts_with("offer") {
            Role::Invitation {
                game: "a-game".into(),
                seat: 2,
                token: vec![7, 1, 200, 3, 9, 99, 0, 255],
            }
        } else {
            Role::Answer {
                seat: 2,
                tag: [7, 1],
            }
        }
    }

    /// What a browser checks of a remote description, as lines.
    fn essentials(sdp: &str) -> Vec<String> {
        let mut keep: Vec<String> = sdp
            .lines()
            .filter(|l| {
                l.starts_with("a=ice-ufrag:")
                    || l.starts_with("a=ice-pwd:")
                    || l.starts_with("a=fingerprint:")
                    || l.starts_with("m=")
                    || l.starts_with("a=sctp-port")
            })
            .map(|l| l.replace("m=application 9", "m=application PORT"))
            .map(|l| {
                // Chromium writes the first candidate's port in m= when it has
                // one; the port in m= is not used with ICE.
                l.split_whitespace()
                    .enumerate()
                    .map(|(i, w)| {
                        if i == 1 && l.starts_with("m=") {
                            "PORT"
                        } else {
                            w
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        keep.sort();
        keep
    }

    #[test]
    fn recorded_chromium_descriptions_survive_the_code_and_its_text() {
        for (name, sdp) in RECORDED {
            let code = Code::from_sdp(sdp, role(name)).unwrap();
            let text = code.text();
            let back = Code::read(&text).unwrap();
            assert_eq!(back, code, "{name}");
            // The description made from it says what the recorded one does.
            let made = back.sdp();
            assert_eq!(essentials(&made), essentials(sdp), "{name}");
            assert_eq!(Code::from_sdp(&made, role(name)).unwrap(), code, "{name}");
            // Only UDP host candidates, each once.
            let want = sdp
                .lines()
                .filter(|l| l.starts_with("a=candidate:") && l.contains(" udp "))
                .count();
            assert_eq!(code.candidates.len(), want, "{name}");
            // Short enough for a QR code read at arm's length.
            assert!(text.len() <= 200, "{name}: {} characters", text.len());
            eprintln!("{name}: {} characters", text.len());
            assert!(text.bytes().all(|c| ALPHABET.contains(&c)));
        }
    }

    #[test]
    fn a_link_a_paste_with_breaks_and_small_letters_read_the_same() {
        let code = Code::from_sdp(RECORDED[4].1, role("offer")).unwrap();
        let text = code.text();
        let link = format!("https://example.org/spielblock/join#{text}");
        assert_eq!(Code::read(&link).unwrap(), code);
        let broken: String = text
            .chars()
            .enumerate()
            .flat_map(|(i, c)| {
                let sep = if i % 20 == 19 { Some('\n') } else { None };
                std::iter::once(c.to_ascii_lowercase()).chain(sep)
            })
            .collect();
        assert_eq!(Code::read(&format!("  {broken} ")).unwrap(), code);
    }

    #[test]
    fn the_loopback_switch_leaves_only_127_0_0_1() {
        let mut code = Code::from_sdp(RECORDED[4].1, role("offer")).unwrap();
        code.loopback();
        assert!(!code.candidates.is_empty());
        assert!(code
            .candidates
            .iter()
            .all(|c| c.addr == Addr::V4([127, 0, 0, 1])));
        let sdp = code.sdp();
        for l in sdp.lines().filter(|l| l.starts_with("a=candidate:")) {
            assert!(l.contains(" 127.0.0.1 "), "{l}");
        }
    }

    #[test]
    fn a_broken_code_is_refused_with_its_reason() {
        let code = Code::from_sdp(RECORDED[0].1, role("offer")).unwrap();
        let text = code.text();
        assert_eq!(Code::read(""), Err(CodeError::Empty));
        assert_eq!(Code::read("   \n"), Err(CodeError::Empty));
        assert_eq!(
            Code::read(&"0".repeat(MAX_TEXT + 1)),
            Err(CodeError::TooLong)
        );
        assert_eq!(Code::read("hello, world"), Err(CodeError::NotACode));
        // Every cut is refused (never read as another code).
        for cut in 1..text.len() {
            let r = Code::read(&text[..cut]);
            assert!(r.is_err(), "cut at {cut} read as {r:?}");
        }
        // Another version.
        let mut bytes = decode(&text).unwrap();
        bytes[0] = 9 << 1;
        assert_eq!(Code::read(&encode(&bytes)), Err(CodeError::Version));
        // A description without a fingerprint.
        let bare: String = RECORDED[0]
            .1
            .lines()
            .filter(|l| !l.starts_with("a=fingerprint"))
            .collect::<Vec<_>>()
            .join("\r\n");
        assert_eq!(
            Code::from_sdp(&bare, role("offer")),
            Err(CodeError::Incomplete)
        );
    }

    #[test]
    fn every_byte_string_reads_back_as_written() {
        let mut rng = crate::rng::Rng::new(41);
        for n in 0..300 {
            let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
            assert_eq!(decode(&encode(&bytes)).unwrap(), bytes);
        }
    }
}
