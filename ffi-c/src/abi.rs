//! The boundary itself: status codes, the panic guard, and checked access to
//! the pointers a C caller hands in.
//!
//! Every export checks its pointers before doing any work and writes its
//! outputs only once everything has succeeded, so a failed call leaves the
//! caller's memory as it was (the needed length of `HG_BUFFER_TOO_SMALL` and
//! the error details of `HG_DOCUMENT_ERROR`/`HG_POLICY_ERROR` excepted).

use core::ffi::c_char;
use core::ptr::NonNull;

/// What a call did. Every function that can fail returns one; `HG_OK` is 0.
///
/// cbindgen:prefix-with-name=false
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HgStatus {
    /// Success: the outputs are written.
    HgOk = 0,
    /// A required pointer argument was NULL.
    HgNullPointer = 1,
    /// A text argument was not valid UTF-8.
    HgInvalidUtf8 = 2,
    /// A number is not a value of its type (an enum value, packed bits, a
    /// length over `PTRDIFF_MAX`), or an `HgTool`/`HgDecision` handed back has
    /// fields no reader or decision produces.
    HgInvalidArgument = 3,
    /// The output buffer is too small; the needed length is written.
    HgBufferTooSmall = 4,
    /// A text is not one of the words it must be (a tier, a preset…).
    HgUnknownWord = 5,
    /// The JSON document was rejected; the `HgDocumentError` says why and where.
    HgDocumentError = 6,
    /// The policy was rejected; the `HgPolicyError` says why.
    HgPolicyError = 7,
    /// A bug in hintgate was caught at the boundary; nothing was written.
    HgInternalError = 8,
}

pub(crate) type Outcome<T = ()> = Result<T, HgStatus>;

/// Runs an export's body. With `std`, a panic (a hintgate bug: the core is
/// fuzzed not to panic on any input) becomes `HG_INTERNAL_ERROR` instead of
/// unwinding into C, which would abort the host.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> HgStatus {
    #[cfg(feature = "std")]
    let result = std::panic::catch_unwind(core::panic::AssertUnwindSafe(body))
        .unwrap_or(Err(HgStatus::HgInternalError));
    #[cfg(not(feature = "std"))]
    let result = body();
    match result {
        Ok(()) => HgStatus::HgOk,
        Err(status) => status,
    }
}

/// An output pointer, checked for NULL up front and written at the end.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    pub(crate) fn new(ptr: *mut T) -> Outcome<Out<T>> {
        NonNull::new(ptr).map(Out).ok_or(HgStatus::HgNullPointer)
    }

    /// An optional output: NULL means the caller does not want it.
    pub(crate) fn optional(ptr: *mut T) -> Option<Out<T>> {
        NonNull::new(ptr).map(Out)
    }

    /// # Safety
    /// The pointer must be valid for a write of `T` and aligned.
    pub(crate) unsafe fn write(self, value: T) {
        // SAFETY: non-null by construction; valid and aligned by the caller's contract.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// `len` bytes at `ptr`; NULL is allowed only with `len == 0`.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes for `'a`.
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> Outcome<&'a [u8]> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(HgStatus::HgNullPointer)
        };
    }
    if len > isize::MAX as usize {
        return Err(HgStatus::HgInvalidArgument);
    }
    // SAFETY: non-null, length bounded; validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// `len` values at `ptr` whose every bit pattern is valid (plain integers and
/// pointers); NULL is allowed only with `len == 0`.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` values for `'a`, aligned.
pub(crate) unsafe fn slice<'a, T: Copy>(ptr: *const T, len: usize) -> Outcome<&'a [T]> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(HgStatus::HgNullPointer)
        };
    }
    if len
        .checked_mul(size_of::<T>())
        .is_none_or(|size| size > isize::MAX as usize)
    {
        return Err(HgStatus::HgInvalidArgument);
    }
    // SAFETY: non-null, size bounded; validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// `len` bytes of UTF-8 text at `ptr` (not NUL-terminated).
///
/// # Safety
/// As for [`bytes`].
pub(crate) unsafe fn text<'a>(ptr: *const c_char, len: usize) -> Outcome<&'a str> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { bytes(ptr.cast(), len)? };
    core::str::from_utf8(bytes).map_err(|_| HgStatus::HgInvalidUtf8)
}

/// A mutable output buffer of `cap` bytes; NULL is allowed only with `cap == 0`
/// (to ask for the length needed).
///
/// # Safety
/// A non-NULL `ptr` must be valid for writes of `cap` bytes, and not alias
/// any input of the same call.
pub(crate) unsafe fn buffer<'a>(ptr: *mut c_char, cap: usize) -> Outcome<&'a mut [u8]> {
    if ptr.is_null() {
        return if cap == 0 {
            Ok(&mut [])
        } else {
            Err(HgStatus::HgNullPointer)
        };
    }
    if cap > isize::MAX as usize {
        return Err(HgStatus::HgInvalidArgument);
    }
    // SAFETY: non-null, length bounded; validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr.cast(), cap) })
}

/// Renders a text into `buf` and ends it with a NUL. `render` gets the room
/// before the NUL and must leave it untouched when it reports too little room.
/// On success `len_out` gets the text's length without the NUL; on
/// `HG_BUFFER_TOO_SMALL` it gets the capacity needed, NUL included.
pub(crate) fn write_text(
    buf: &mut [u8],
    len_out: Out<usize>,
    render: impl FnOnce(&mut [u8]) -> Result<usize, hintgate::BufferTooSmall>,
) -> Outcome {
    let room = buf.len().saturating_sub(1);
    let rendered = match buf.get_mut(..room) {
        Some(room) => render(room),
        None => render(&mut []),
    };
    let needed = match rendered {
        Ok(len) => match buf.get_mut(len) {
            Some(nul) => {
                *nul = 0;
                // SAFETY: checked non-null at the start of the export.
                unsafe { len_out.write(len) };
                return Ok(());
            }
            None => len + 1,
        },
        Err(too_small) => too_small.needed + 1,
    };
    // SAFETY: as above.
    unsafe { len_out.write(needed) };
    Err(HgStatus::HgBufferTooSmall)
}

/// Reads a `bool`-typed field of a struct the caller handed in, as a byte:
/// C may have stored any value there, and only 0 and 1 are valid `bool`s in
/// Rust. Any non-zero byte counts as true, as in C.
macro_rules! read_flag {
    ($ptr:expr, $($field:tt)+) => {
        // SAFETY: the caller's contract makes `$ptr` valid for reads; the
        // field is read through a raw place as a byte, never as a `bool`.
        unsafe { core::ptr::addr_of!((*$ptr).$($field)+).cast::<u8>().read() != 0 }
    };
}

/// Reads an enum-typed (`uint8_t`) field of a struct the caller handed in as
/// its number, to be checked: C may have stored any value there.
macro_rules! read_code {
    ($ptr:expr, $($field:tt)+) => {
        // SAFETY: as for `read_flag!`.
        unsafe { core::ptr::addr_of!((*$ptr).$($field)+).cast::<u8>().read() }
    };
}

/// Reads a plain field (an integer or a pointer: every bit pattern is valid).
macro_rules! read_plain {
    ($ptr:expr, $($field:tt)+) => {
        // SAFETY: the caller's contract makes `$ptr` valid for reads.
        unsafe { core::ptr::addr_of!((*$ptr).$($field)+).read() }
    };
}

pub(crate) use {read_code, read_flag, read_plain};

/// Writes `value`'s `Display` text into `room` when it fits, leaving `room`
/// untouched when it does not (the text is measured first).
pub(crate) fn write_display(
    value: &impl core::fmt::Display,
    room: &mut [u8],
) -> Result<usize, hintgate::BufferTooSmall> {
    use core::fmt::Write;

    struct Measure(usize);
    impl Write for Measure {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    struct Fill<'b>(&'b mut [u8], usize);
    impl Write for Fill<'_> {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let dest = self
                .0
                .get_mut(self.1..self.1 + s.len())
                .ok_or(core::fmt::Error)?;
            dest.copy_from_slice(s.as_bytes());
            self.1 += s.len();
            Ok(())
        }
    }

    let mut measure = Measure(0);
    // Measuring never fails; a `Display` impl that did would measure short,
    // and filling would then report it below.
    let _ = write!(measure, "{value}");
    let needed = measure.0;
    let Some(dest) = room.get_mut(..needed) else {
        return Err(hintgate::BufferTooSmall { needed });
    };
    let mut fill = Fill(dest, 0);
    match write!(fill, "{value}") {
        Ok(()) if fill.1 == needed => Ok(needed),
        _ => Err(hintgate::BufferTooSmall { needed }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_status_and_does_not_unwind() {
        let status = guard(|| panic!("a planted bug"));
        assert_eq!(status, HgStatus::HgInternalError);
        assert_eq!(
            guard(|| Err(HgStatus::HgUnknownWord)),
            HgStatus::HgUnknownWord
        );
        assert_eq!(guard(|| Ok(())), HgStatus::HgOk);
    }

    #[test]
    fn write_text_leaves_a_short_buffer_untouched() {
        let mut buf = [b'#'; 5];
        let mut len = 0;
        let status = write_text(&mut buf, Out::new(&mut len).unwrap(), |room| {
            write_display(&"hello", room)
        });
        assert_eq!(
            (status, len, buf),
            (Err(HgStatus::HgBufferTooSmall), 6, [b'#'; 5])
        );
        let mut buf = [b'#'; 6];
        let status = write_text(&mut buf, Out::new(&mut len).unwrap(), |room| {
            write_display(&"hello", room)
        });
        assert_eq!((status, len, &buf), (Ok(()), 5, b"hello\0"));
    }
}
