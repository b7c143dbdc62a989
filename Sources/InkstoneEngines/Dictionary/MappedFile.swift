import Glibc

/// A whole file mapped read-only into memory (`mmap`, `MAP_PRIVATE`); unmapped
/// when the last reference goes.
///
/// The files mapped here are only ever replaced by `rename`, never rewritten
/// in place, so a mapping keeps seeing the complete file it opened.
final class MappedFile: @unchecked Sendable {
    /// The first byte (nil for an empty file).
    let base: UnsafeRawPointer?
    /// The size in bytes.
    let count: Int

    /// Maps `path`; nil when it cannot be opened, is not a regular file or cannot be mapped.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        count = Int(info.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        base = UnsafeRawPointer(address)
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
    }

    /// The bytes `range`, or nil when the range lies outside the file.
    func bytes(_ start: Int, _ length: Int) -> UnsafeRawBufferPointer? {
        guard let base, start >= 0, length >= 0, start <= count, length <= count - start else { return nil }
        return UnsafeRawBufferPointer(start: base + start, count: length)
    }

    /// The little-endian integer at `offset`, or nil outside the file.
    func integer<Value: FixedWidthInteger>(at offset: Int, as type: Value.Type = Value.self) -> Value? {
        guard let base, offset >= 0, offset <= count - MemoryLayout<Value>.size else { return nil }
        return Value(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Value.self))
    }
}
