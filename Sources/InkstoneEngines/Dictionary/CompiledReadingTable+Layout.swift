import InkstoneCore

/// The file layout of a ``CompiledReadingTable`` (all integers little-endian):
///
/// ```
/// header    104 bytes: magic "INKRTBL\u{1}", layout version, source format version,
///           source size, mtime seconds, mtime nanoseconds, FNV-1a of the source path,
///           reading count R, entry count E, model word count M, string pool size P,
///           file size, FNV-1a of the 96 bytes before it (each field a UInt64)
/// readings  R + 1 UInt32: start of each reading in the pool (reading i ends where i + 1 starts)
/// ranges    R + 1 UInt32: index of each reading's first entry (its entries end where i + 1's start)
/// (zero padding to a multiple of 8)
/// entries   E × 32 bytes: text start, text length, annotation start, annotation length
///           (0xFFFF_FFFF: none), each a UInt32, the weight as a Float64 bit pattern,
///           then the first of its model words and how many (UInt32 each)
/// words     M UInt32: the entries' model words (``DictionaryEntry/modelWords``), in entry order
/// pool      P bytes of UTF-8: readings in ascending byte order, then texts and annotations
///           (each distinct string once)
/// ```
///
/// Weights are stored as Float64, so they equal the source's `Double` exactly.
/// Every offset read from the file is checked against the section it points
/// into before use: a damaged file yields missing or odd entries, never a crash.
struct CompiledTableLayout: Equatable {
    static let magic: [UInt8] = Array("INKRTBL".utf8) + [1]
    /// The version of this layout; a file with another is rebuilt.
    static let layoutVersion: UInt64 = 2
    static let headerSize = 104
    static let entrySize = 32
    static let noAnnotation = UInt32.max

    var formatVersion: UInt64
    var sourceSize: UInt64
    var sourceSeconds: UInt64
    var sourceNanoseconds: UInt64
    var sourcePathHash: UInt64
    var readingCount: Int
    var entryCount: Int
    var modelWordCount: Int
    var poolSize: Int

    /// The layout of a table built from `stamp` with these counts.
    init(stamp: SourceStamp, readingCount: Int, entryCount: Int, modelWordCount: Int, poolSize: Int) {
        formatVersion = UInt64(stamp.formatVersion)
        sourceSize = stamp.size
        sourceSeconds = UInt64(bitPattern: stamp.modificationSeconds)
        sourceNanoseconds = UInt64(bitPattern: stamp.modificationNanoseconds)
        sourcePathHash = stamp.pathHash
        self.readingCount = readingCount
        self.entryCount = entryCount
        self.modelWordCount = modelWordCount
        self.poolSize = poolSize
    }

    var readingsStart: Int { Self.headerSize }
    var rangesStart: Int { readingsStart + (readingCount + 1) * 4 }
    var entriesStart: Int { (rangesStart + (readingCount + 1) * 4 + 7) & ~7 }
    var modelWordsStart: Int { entriesStart + entryCount * Self.entrySize }
    var poolStart: Int { modelWordsStart + modelWordCount * 4 }
    var fileSize: Int { poolStart + poolSize }

    /// Whether the table was built from the source as `stamp` describes it now.
    func matches(_ stamp: SourceStamp) -> Bool {
        formatVersion == UInt64(stamp.formatVersion) && sourceSize == stamp.size
            && sourceSeconds == UInt64(bitPattern: stamp.modificationSeconds)
            && sourceNanoseconds == UInt64(bitPattern: stamp.modificationNanoseconds)
            && sourcePathHash == stamp.pathHash
    }

    /// The header's bytes, checksum included.
    var headerBytes: [UInt8] {
        var bytes = Self.magic
        for field in [
            Self.layoutVersion, formatVersion, sourceSize, sourceSeconds, sourceNanoseconds, sourcePathHash,
            UInt64(readingCount), UInt64(entryCount), UInt64(modelWordCount), UInt64(poolSize), UInt64(fileSize),
        ] {
            withUnsafeBytes(of: field.littleEndian) { bytes += $0 }
        }
        withUnsafeBytes(of: Checksum.fnv1a(bytes).littleEndian) { bytes += $0 }
        return bytes
    }

    /// Reads and checks the header of `file`: magic, layout version, checksum,
    /// and that the sections it describes fill the file exactly.
    init(reading file: MappedFile) throws(CompiledTableError) {
        guard let header = file.bytes(0, Self.headerSize) else { throw .damaged("shorter than its header") }
        guard Array(header[0..<8]) == Self.magic else { throw .damaged("not a compiled reading table (bad magic)") }
        func field(_ index: Int) -> UInt64 { file.integer(at: 8 * index) ?? 0 }
        guard field(1) == Self.layoutVersion else {
            throw .damaged("layout version \(field(1)), expected \(Self.layoutVersion)")
        }
        guard Checksum.fnv1a(header[0..<(Self.headerSize - 8)]) == field(12) else {
            throw .damaged("header checksum mismatch")
        }
        let limit = UInt64(file.count)
        guard field(7) < limit, field(8) < limit, field(9) < limit, field(10) <= limit else {
            throw .damaged("counts larger than the file")
        }
        formatVersion = field(2)
        sourceSize = field(3)
        sourceSeconds = field(4)
        sourceNanoseconds = field(5)
        sourcePathHash = field(6)
        readingCount = Int(field(7))
        entryCount = Int(field(8))
        modelWordCount = Int(field(9))
        poolSize = Int(field(10))
        guard field(11) == UInt64(file.count), fileSize == file.count else {
            throw .damaged("sections do not fill the file (\(file.count) bytes, header says \(field(11)))")
        }
    }
}

/// Why a compiled table file cannot be used.
public enum CompiledTableError: Error, Equatable, CustomStringConvertible {
    /// There is no such file (or it cannot be opened).
    case missing
    /// It was built from another version of the source (size, mtime, path or format differ).
    case stale
    /// It is damaged or not a compiled table at all.
    case damaged(String)
    /// It cannot be written (the reason).
    case unwritable(String)

    public var description: String {
        switch self {
        case .missing: "no cached table"
        case .stale: "the cached table was built from another version of the source"
        case .damaged(let reason): "the cached table is damaged: \(reason)"
        case .unwritable(let reason): "the table cannot be cached: \(reason)"
        }
    }
}
