//! Bit sets over mine totals: which totals are possible, exactly (never
//! floats), for the forward and backward passes and the number check.

/// Bit sets over mine totals, `words` u64 per set, stored flat.
pub(super) fn bits_words(len: usize) -> usize {
    len.div_ceil(64)
}

/// `out |= src << by`, keeping only bits below `len`.
pub(super) fn bits_or_shl(out: &mut [u64], src: &[u64], by: usize, len: usize) {
    let (ws, bs) = (by / 64, by % 64);
    for (i, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let lo = i + ws;
        if lo < out.len() {
            out[lo] |= w << bs;
        }
        if bs != 0 && lo + 1 < out.len() {
            out[lo + 1] |= w >> (64 - bs);
        }
    }
    let extra = out.len() * 64 - len;
    if extra > 0 {
        if let Some(last) = out.last_mut() {
            *last &= u64::MAX >> extra;
        }
    }
}

/// `out |= src >> by`.
pub(super) fn bits_or_shr(out: &mut [u64], src: &[u64], by: usize) {
    let (ws, bs) = (by / 64, by % 64);
    for (i, o) in out.iter_mut().enumerate() {
        let j = i + ws;
        if j >= src.len() {
            break;
        }
        let mut w = src[j] >> bs;
        if bs != 0 && j + 1 < src.len() {
            w |= src[j + 1] << (64 - bs);
        }
        *o |= w;
    }
}

pub(super) fn bit(set: &[u64], i: usize) -> bool {
    set.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// Whether `a` and `b >> by` share a bit.
pub(super) fn bits_meet_shr(a: &[u64], b: &[u64], by: usize) -> bool {
    let (ws, bs) = (by / 64, by % 64);
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let j = i + ws;
        if j >= b.len() {
            break;
        }
        let mut w = b[j] >> bs;
        if bs != 0 && j + 1 < b.len() {
            w |= b[j + 1] << (64 - bs);
        }
        if x & w != 0 {
            return true;
        }
    }
    false
}
