// swift-tools-version: 6.1
// Inkstone: an input-method composition engine daemon for Linux.
//
// Layers, bottom to top (see README.md, "Layout"):
//   C edges:      CICU (C target, ICU hidden), CSystemd (sd-bus), CDBus (libdbus: the benchmarks' raw echo baseline),
//                 CXKBCommon, CLinux, CHangul (tests only), CGatheredWrites (sd-bus's writes gathered),
//                 CMarisa (C++ shim over libmarisa)
//   pure Swift:   InkstoneCore (errors, units, ranges; no dependencies) under everything;
//                 InkstoneSegmentation → InkstoneText → InkstoneService; InkstoneEngines → InkstoneService
//   config:       InkstoneConfig (config.toml → Configuration, TOMLKit hidden)
//   D-Bus:        DBusKit (sd-bus + epoll loop) → InkstoneDBus (adapter over InkstoneService)
//   clients:      InkstoneClient (typed client library over DBusKit; a library product)
//   measuring:    InkstoneMeasure (one clock, one percentile rule, one RSS reader, bench rows; Glibc only)
//   compat:       InkstoneCompat (fcitx5 and IBus-portal fronts on the daemon's bus connections)
//   executables:  inkstoned (daemon), inkstone (client), inkstone-bench (benchmarks),
//                 inkstone-fuzz (libFuzzer targets, corpus replay), inkstone-soak (random calls over a private bus)
import PackageDescription

/// Release builds put every function of the daemon's own code in a section of its own, so that the
/// linker can lay out the functions a key runs next to each other (see `inkstoned`'s linker settings).
let functionSectionsInRelease: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))
]

/// No run-time exclusivity checks in release builds (see the note at InkstoneText); debug builds keep them.
let uncheckedExclusivityInRelease: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

/// The release daemon's key path laid out together: gold places the sections of the functions
/// `Sources/inkstoned/HotFunctions.order` names (those a key runs, measured by
/// `scripts/hot-functions.sh`) first and in that order: a key, which comes after an idle wait, then
/// runs code on less than half as many pages (97 instead of 228 for the profiled keys; functions of
/// dependencies, built without function sections, stay where they were). Functions the file names
/// that no longer exist are skipped; new ones are placed with the rest of the code.
let hotFunctionLayoutInRelease: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/Sources/inkstoned/HotFunctions.order"],
        .when(configuration: .release))
]

let package = Package(
    name: "Inkstone",
    products: [
        .executable(name: "inkstoned", targets: ["inkstoned"]),
        .executable(name: "inkstone", targets: ["inkstone"]),
        .executable(name: "inkstone-bench", targets: ["InkstoneBench"]),
        .executable(name: "inkstone-fuzz", targets: ["inkstone-fuzz"]),
        .executable(name: "inkstone-soak", targets: ["inkstone-soak"]),
        .library(name: "InkstoneClient", targets: ["InkstoneClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections.git", exact: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", exact: "0.6.0"),
    ],
    targets: [
        // MARK: C edges
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
        ),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CHangul", pkgConfig: "libhangul", providers: [.apt(["libhangul-dev"])]),
        // sendmsg(2) for the process: a dispatch's messages gathered into one write. Linked by
        // the daemon's executable only (and the tests), which install it in DBusKit.
        .target(name: "CGatheredWrites"),
        // libmarisa (C++) behind a C API: the tries of libkkc-data's language model.
        .target(name: "CMarisa", linkerSettings: [.linkedLibrary("marisa")]),

        // MARK: pure Swift model
        // The core every layer shares (InkstoneError and its codes, offset units, unit-carrying
        // ranges, suggestions, durable files and checksummed journal lines); InkstoneText
        // re-exports it, engines use it without the text model.
        .target(name: "InkstoneCore", swiftSettings: functionSectionsInRelease),
        .target(name: "InkstoneSegmentation", dependencies: ["CICU"], swiftSettings: functionSectionsInRelease),
        // The text model, the service core and the compatibility fronts are built without run-time
        // exclusivity checks in release builds: every key reads and writes many stored properties
        // of their classes, each checked through a thread-local access set otherwise (4–6 % of a
        // key's instructions; about 1 % more on the fcitx5 front).
        // Debug builds, which every test runs, keep the checks; the compile-time ones stay on.
        .target(
            name: "InkstoneText",
            dependencies: [
                "InkstoneCore",
                "InkstoneSegmentation",
                .product(name: "_RopeModule", package: "swift-collections"),
            ],
            swiftSettings: uncheckedExclusivityInRelease + functionSectionsInRelease
        ),
        // Optimised in debug builds too: the dictionary engines index tables of
        // hundreds of thousands of rows when first used, which unoptimised code
        // takes a minute to do (tests and the debug daemon would time out).
        .target(
            name: "InkstoneEngines", dependencies: ["InkstoneCore", "InkstoneSegmentation", "CXKBCommon", "CMarisa"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + functionSectionsInRelease
        ),
        .target(
            name: "InkstoneLayout", dependencies: ["InkstoneSegmentation"], swiftSettings: functionSectionsInRelease),
        .target(
            name: "InkstoneService", dependencies: ["InkstoneText", "InkstoneEngines", "InkstoneLayout"],
            swiftSettings: uncheckedExclusivityInRelease + functionSectionsInRelease),
        // The configuration file (TOML) read into plain values the service takes.
        .target(
            name: "InkstoneConfig", dependencies: ["InkstoneService", .product(name: "TOMLKit", package: "TOMLKit")]),

        // MARK: measuring (Glibc only)
        .target(name: "InkstoneMeasure", swiftSettings: functionSectionsInRelease),

        // MARK: D-Bus
        .target(name: "DBusKit", dependencies: ["CSystemd", "CLinux"], swiftSettings: functionSectionsInRelease),
        .target(
            name: "InkstoneDBus",
            dependencies: [
                "DBusKit", "InkstoneService", "InkstoneMeasure", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: functionSectionsInRelease
        ),
        // The typed client library: connections, context and document proxies, signals.
        .target(name: "InkstoneClient", dependencies: ["DBusKit", "InkstoneMeasure"]),
        // MARK: compatibility fronts (fcitx5, IBus portal): thin adapters over InkstoneService
        .target(
            name: "InkstoneCompat",
            dependencies: [
                "DBusKit", "InkstoneService", "InkstoneDBus", "InkstoneLayout",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: uncheckedExclusivityInRelease + functionSectionsInRelease
        ),

        // MARK: executables
        .executableTarget(
            name: "inkstoned",
            dependencies: [
                "InkstoneDBus", "InkstoneConfig", "InkstoneCompat", "CGatheredWrites", "DBusKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["HotFunctions.order"],
            swiftSettings: functionSectionsInRelease,
            linkerSettings: hotFunctionLayoutInRelease
        ),
        .executableTarget(
            name: "inkstone",
            dependencies: [
                "DBusKit", "InkstoneClient", "InkstoneConfig", "InkstoneService", "InkstoneText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "InkstoneBench",
            dependencies: [
                "DBusKit", "CDBus", "InkstoneClient", "InkstoneMeasure", "InkstoneDBus", "InkstoneService",
                "InkstoneText",
                "InkstoneEngines", "InkstoneLayout", "InkstoneTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: fuzzing and soak (scripts/fuzz.sh builds inkstone-fuzz again with libFuzzer)
        .target(
            name: "InkstoneFuzzing",
            dependencies: [
                "InkstoneText", "InkstoneEngines", "InkstoneDBus", "DBusKit", "InkstoneClient",
                "InkstoneMeasure",
                "InkstoneTestSupport",
            ]
        ),
        .executableTarget(
            name: "inkstone-fuzz",
            dependencies: ["InkstoneFuzzing"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "inkstone-soak",
            dependencies: ["InkstoneFuzzing", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // MARK: tests
        .target(name: "InkstoneTestSupport", dependencies: ["DBusKit", "InkstoneClient", "InkstoneMeasure"]),
        .testTarget(
            name: "InkstoneClientTests", dependencies: ["InkstoneClient", "InkstoneMeasure", "InkstoneTestSupport"]),
        .testTarget(name: "InkstoneCoreTests", dependencies: ["InkstoneCore"]),
        .testTarget(name: "InkstoneSegmentationTests", dependencies: ["InkstoneSegmentation", "InkstoneTestSupport"]),
        .testTarget(name: "InkstoneLayoutTests", dependencies: ["InkstoneLayout"]),
        .testTarget(
            name: "InkstoneTextTests",
            dependencies: [
                "InkstoneText", "InkstoneTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "InkstoneEnginesTests",
            dependencies: [
                "InkstoneEngines", "CHangul", "InkstoneTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "InkstoneServiceTests",
            dependencies: [
                "InkstoneService", "InkstoneTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "DBusKitTests", dependencies: ["DBusKit", "InkstoneTestSupport", "CGatheredWrites"]),
        .testTarget(name: "InkstoneConfigTests", dependencies: ["InkstoneConfig"]),
        .testTarget(
            name: "InkstoneFuzzingTests", dependencies: ["InkstoneFuzzing", "InkstoneDBus", "InkstoneTestSupport"]),
        // MARK: compatibility fronts against real clients (DBusKit on sd-bus; GTK and Qt modules under Xvfb)
        .testTarget(name: "InkstoneCompatTests", dependencies: ["InkstoneTestSupport", "DBusKit"]),
        .testTarget(
            name: "InkstoneDaemonTests",
            dependencies: [
                "InkstoneTestSupport", "InkstoneClient", "InkstoneMeasure", "DBusKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
