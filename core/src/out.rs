//! Writing short texts — explanations, stamps, policies, error messages —
//! piece by piece, without `core::fmt`'s argument machinery: every piece is a
//! `&str` or a number written here, so a binary that only needs the texts
//! (a 40 KB WebAssembly module, a firmware) does not link the formatter.

use core::fmt;

use crate::BufferTooSmall;

/// Writes into a byte slice while it fits, and counts the whole length.
pub(crate) struct SliceOut<'b> {
    buf: &'b mut [u8],
    len: usize,
    needed: usize,
}

impl<'b> SliceOut<'b> {
    pub(crate) fn new(buf: &'b mut [u8]) -> Self {
        SliceOut {
            buf,
            len: 0,
            needed: 0,
        }
    }

    pub(crate) fn put(&mut self, s: &str) {
        self.needed += s.len();
        if let Some(dest) = self.buf.get_mut(self.len..self.len + s.len()) {
            dest.copy_from_slice(s.as_bytes());
            self.len += s.len();
        }
    }

    /// `"true"` or `"false"`.
    pub(crate) fn put_bool(&mut self, value: bool) {
        self.put(if value { "true" } else { "false" });
    }

    /// The length written, or the length that would have fit.
    pub(crate) fn finish(self) -> Result<usize, BufferTooSmall> {
        if self.needed > self.buf.len() {
            Err(BufferTooSmall {
                needed: self.needed,
            })
        } else {
            Ok(self.len)
        }
    }
}

impl fmt::Write for SliceOut<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.put(s);
        Ok(())
    }
}

/// Writes `n` in decimal.
pub(crate) fn write_decimal(out: &mut (impl fmt::Write + ?Sized), n: u64) -> fmt::Result {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = n;
    loop {
        start -= 1;
        // rest % 10 < 10: the cast keeps the digit.
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.write_str(core::str::from_utf8(&digits[start..]).unwrap_or_default())
}

/// Writes `n` in decimal, with a `-` when negative.
pub(crate) fn write_signed(out: &mut (impl fmt::Write + ?Sized), n: i64) -> fmt::Result {
    if n < 0 {
        out.write_char('-')?;
    }
    write_decimal(out, n.unsigned_abs())
}

/// Writes `byte` as two lowercase hexadecimal digits.
pub(crate) fn write_hex_byte(out: &mut (impl fmt::Write + ?Sized), byte: u8) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.write_char(char::from(HEX[usize::from(byte >> 4)]))?;
    out.write_char(char::from(HEX[usize::from(byte & 15)]))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::String;

    #[test]
    fn numbers_match_core_fmt() {
        for n in [0, 1, 9, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
            let mut s = String::new();
            write_decimal(&mut s, n).unwrap();
            assert_eq!(s, std::format!("{n}"));
        }
        for n in [0, -1, 42, -32_601, i64::MIN, i64::MAX] {
            let mut s = String::new();
            write_signed(&mut s, n).unwrap();
            assert_eq!(s, std::format!("{n}"));
        }
        for b in 0..=255u8 {
            let mut s = String::new();
            write_hex_byte(&mut s, b).unwrap();
            assert_eq!(s, std::format!("{b:02x}"));
        }
    }

    #[test]
    fn a_short_buffer_reports_the_whole_length() {
        let mut buf = [0u8; 4];
        let mut out = SliceOut::new(&mut buf);
        out.put("abc");
        out.put("def");
        assert_eq!(out.finish(), Err(BufferTooSmall { needed: 6 }));
        let mut out = SliceOut::new(&mut buf);
        out.put("ab");
        out.put_bool(true);
        assert_eq!(out.finish(), Err(BufferTooSmall { needed: 6 }));
        let mut out = SliceOut::new(&mut buf);
        out.put_bool(true);
        assert_eq!(out.finish(), Ok(4));
        assert_eq!(&buf, b"true");
    }
}
