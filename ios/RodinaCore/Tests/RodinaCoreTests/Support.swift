// What the state holders' tests share: storage that watches the threads, the app as the iOS
// app runs it, a seeded player who taps, and bounded waits. The twin of the harness in
// bindings/kotlin/src/test/kotlin/app/rodina/state/StateTest.kt.

import Foundation
import XCTest
@testable import RodinaCore

/// Waits are bounded: a test that hangs fails instead.
let waitSeconds: TimeInterval = 30

/// Thrown when a wait runs out (after the failure is recorded), to end the test there.
struct TimedOut: Error {}

/// Waits on the main actor until `condition` holds, looking again every `stepNanoseconds`
/// (sleeping hands the main actor to the tasks the test waits for).
@MainActor
func eventually(
    _ what: String,
    timeout: TimeInterval = waitSeconds,
    stepNanoseconds: UInt64 = 2_000_000,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ condition: () -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
            throw TimedOut()
        }
        try await Task.sleep(nanoseconds: stepNanoseconds)
    }
}

/// A folder of its own for one test, removed when the test ends.
func temporaryDirectory(for test: XCTestCase) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rodina-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
}

/// A small lock for the test doubles' counters, which the database queue and the main actor
/// both touch.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&value)
    }
}

/// Storage that checks the promise the state holders make: no database call on the main
/// thread. It can also make saves slow (to catch a list read before the last save landed, or
/// a save lost when a screen closes) or fail (to catch a save problem overwritten).
final class WatchedStorage: GameStorage, @unchecked Sendable {
    private let inner: any GameStorage
    private let calledOnMain = Locked<[String]>([])
    private let written = Locked(0)
    private let delay = Locked<TimeInterval>(0)
    private let failing = Locked(false)
    private let slowList = Locked(false)
    private let slowListsBack = Locked(0)

    init(_ inner: any GameStorage) {
        self.inner = inner
    }

    /// Database calls made on the main thread: must stay empty.
    var onMain: [String] { calledOnMain.get() }
    /// Saves that reached the file.
    var savesWritten: Int { written.get() }
    /// How long each save takes first.
    var saveDelay: TimeInterval {
        get { delay.get() }
        set { delay.update { $0 = newValue } }
    }
    /// Saves fail as a full disk would.
    var failSaves: Bool {
        get { failing.get() }
        set { failing.update { $0 = newValue } }
    }

    private func call<T>(_ name: String, _ f: () throws -> T) rethrows -> T {
        if Thread.isMainThread { calledOnMain.update { $0.append(name) } }
        return try f()
    }

    /// The next list read takes what the file holds, then comes back late.
    var slowNextList: Bool {
        get { slowList.get() }
        set { slowList.update { $0 = newValue } }
    }
    /// How many slowed list reads have come back.
    var slowListsReturned: Int { slowListsBack.get() }

    func listGames() throws -> [GameSummary] {
        try call("listGames") {
            var slow = false
            slowList.update { slow = $0; $0 = false }
            let list = try inner.listGames()
            if slow {
                Thread.sleep(forTimeInterval: 0.4)
                slowListsBack.update { $0 += 1 }
            }
            return list
        }
    }
    func deleteGame(id: Int64) throws -> Bool { try call("deleteGame") { try inner.deleteGame(id: id) } }
    func settings() throws -> Settings { try call("settings") { try inner.settings() } }
    func setSettings(_ settings: Settings) throws { try call("setSettings") { try inner.setSettings(settings) } }
    func resume(id: Int64) throws -> GameSession { try call("resume") { try inner.resume(id: id) } }

    func save(_ session: GameSession) throws -> Int64 {
        try call("save") {
            let pause = saveDelay
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            if failSaves { throw RodinaError.Storage(message: "the disk is full") }
            let id = try inner.save(session)
            written.update { $0 += 1 }
            return id
        }
    }
}

/// Puzzle storage that records any database call made on the main thread (there must be none).
final class WatchedPuzzleStorage: PuzzleStorage, @unchecked Sendable {
    private let inner: any PuzzleStorage
    private let calledOnMain = Locked<[String]>([])

    init(_ inner: any PuzzleStorage) {
        self.inner = inner
    }

    /// Database calls made on the main thread: must stay empty.
    var onMain: [String] { calledOnMain.get() }

    private func call<T>(_ name: String, _ f: () throws -> T) rethrows -> T {
        if Thread.isMainThread { calledOnMain.update { $0.append(name) } }
        return try f()
    }

    func progress(_ variant: Variant) throws -> PuzzleProgress { try call("progress") { try inner.progress(variant) } }
    func next(_ variant: Variant, last: String?) throws -> PuzzleSession? { try call("next") { try inner.next(variant, last: last) } }
    func open(_ variant: Variant, id: String) throws -> PuzzleSession { try call("open") { try inner.open(variant, id: id) } }
    func save(_ session: PuzzleSession) throws { try call("save") { try inner.save(session) } }
    func difficulty(_ variant: Variant) throws -> Difficulty { try call("difficulty") { try inner.difficulty(variant) } }
    func setDifficulty(_ variant: Variant, _ difficulty: Difficulty) throws {
        try call("setDifficulty") { try inner.setDifficulty(variant, difficulty) }
    }
}

/// Course storage that records any database call made on the main thread (there must be none).
final class WatchedCourseStorage: CourseStorage, @unchecked Sendable {
    private let inner: any CourseStorage
    private let calledOnMain = Locked<[String]>([])

    init(_ inner: any CourseStorage) {
        self.inner = inner
    }

    /// Database calls made on the main thread: must stay empty.
    var onMain: [String] { calledOnMain.get() }

    private func call<T>(_ name: String, _ f: () throws -> T) rethrows -> T {
        if Thread.isMainThread { calledOnMain.update { $0.append(name) } }
        return try f()
    }

    func overview(_ variant: Variant, language: Language) throws -> CourseOverview {
        try call("overview") { try inner.overview(variant, language: language) }
    }
    func open(_ variant: Variant, id: String) throws -> CourseSession { try call("open") { try inner.open(variant, id: id) } }
    func save(_ session: CourseSession) throws { try call("save") { try inner.save(session) } }
}

/// What the app's `storageOf` saw: on which thread the store was opened, and the storage.
final class Recorder: @unchecked Sendable {
    private let opens = Locked<[Bool]>([])
    private let watched = Locked<WatchedStorage?>(nil)
    private let watchedPuzzles = Locked<WatchedPuzzleStorage?>(nil)
    private let watchedCourses = Locked<WatchedCourseStorage?>(nil)

    /// For each `Store.open`: whether it ran on the main thread.
    var openedOnMain: [Bool] { opens.get() }
    /// The storage of the last store opened.
    var storage: WatchedStorage? { watched.get() }

    func opened(onMain: Bool, storage: WatchedStorage) {
        opens.update { $0.append(onMain) }
        watched.update { $0 = storage }
    }

    /// The puzzle storage of the last store opened.
    var puzzleStorage: WatchedPuzzleStorage? { watchedPuzzles.get() }

    func openedPuzzles(_ storage: WatchedPuzzleStorage) {
        watchedPuzzles.update { $0 = storage }
    }

    /// The course storage of the last store opened.
    var courseStorage: WatchedCourseStorage? { watchedCourses.get() }

    func openedCourses(_ storage: WatchedCourseStorage) {
        watchedCourses.update { $0 = storage }
    }
}

/// The app as the iOS app runs it: the main actor for the screens, the database queue for
/// the store, and the core's threads for the bots.
@MainActor
final class Harness {
    let dir: URL
    let dbPath: String
    let recorder = Recorder()
    /// Optional so that a test can let it go, as a closed scene does.
    var app: AppController!

    /// `puzzlesOf` gives the puzzle banks and `coursesOf` the rules courses: the library's
    /// own unless a test gives some.
    init(
        dir: URL,
        locale: String = "en-GB",
        botTimeLimitMs: UInt32? = nil,
        puzzlesOf: @escaping @Sendable () -> Puzzles = { Puzzles.embedded() },
        coursesOf: @escaping @Sendable () -> Courses = { Courses.embedded() },
        onlineServer: String? = nil
    ) {
        self.dir = dir
        dbPath = dir.appendingPathComponent("rodina.db").path
        let recorder = self.recorder
        app = AppController(
            databasePath: dbPath,
            systemLocale: locale,
            storageOf: { store in
                let storage = WatchedStorage(StoreStorage(store: store))
                recorder.opened(onMain: Thread.isMainThread, storage: storage)
                return storage
            },
            botTimeLimitMs: botTimeLimitMs,
            puzzlesOf: puzzlesOf,
            puzzleStorageOf: { store, puzzles in
                let storage = WatchedPuzzleStorage(StorePuzzleStorage(store: store, puzzles: puzzles))
                recorder.openedPuzzles(storage)
                return storage
            },
            // The opponent's moves at once: the tests wait for them all the same.
            opponentDelay: 0,
            coursesOf: coursesOf,
            courseStorageOf: { store, courses in
                let storage = WatchedCourseStorage(StoreCourseStorage(store: store, courses: courses))
                recorder.openedCourses(storage)
                return storage
            },
            onlineServer: onlineServer,
            onlineDevice: dir.lastPathComponent)
    }

    /// The storage the app opened.
    var storage: WatchedStorage? { recorder.storage }

    /// Opens the database and waits until the app is ready and the home list read.
    func start() async throws {
        app.start()
        try await eventually("the app ready") {
            if case .ready = app.startup { return true }
            return false
        }
        try await waitHome()
    }

    /// Starts a game as the player does: the game's page, its form, the opponent (`level`
    /// nil: a friend on this device) and side, Start. Returns the game's controller.
    func newGame(_ variant: Variant, level: String? = nil, side: Side = .first,
                 file: StaticString = #filePath, line: UInt = #line) throws -> GameController {
        app.openGameHome(variant)
        app.openNewGame(variant)
        app.newGame.chooseOpponent(level)
        app.newGame.chooseSide(side)
        app.startGame()
        return try XCTUnwrap(app.game, file: file, line: line)
    }

    /// Waits until the home list has been read.
    func waitHome() async throws {
        try await eventually("the home list") { !app.home.loading }
    }

    /// No database call ran on the main thread, and the store was opened off it.
    func assertNothingOnMain(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(recorder.openedOnMain.contains(true), "Store.open on the main thread", file: file, line: line)
        XCTAssertEqual(storage?.onMain ?? [], [], file: file, line: line)
        XCTAssertEqual(recorder.puzzleStorage?.onMain ?? [], [], file: file, line: line)
        XCTAssertEqual(recorder.courseStorage?.onMain ?? [], [], file: file, line: line)
    }
}

/// A seeded source of choices (SplitMix64), so that a failing game can be played again.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension GameController {
    /// A player who taps: picks one of its pieces, then a target; in a chain goes on with the
    /// released piece; chooses a promotion when asked; takes a winning or capturing step when
    /// it sees one, so that games end. Returns whether it played a move.
    func playAMove(_ random: inout SeededRandom) -> Bool {
        if state.handOver != nil { confirmHandOver() }
        guard case let .person(side) = game.awaiting() else { return false }
        // A promotion owed (the opponent carried this side's pawn to the last rank) comes first.
        if let p = state.promotion, let choice = p.choices.randomElement(using: &random) {
            choosePromotion(choice.piece.kind)
            return true
        }
        // A bond holds a piece of each side: either may be the mover's.
        let own = state.cells.filter { $0.piece?.piece.side == side || $0.partner?.piece.side == side }
        for from in own.shuffled(using: &random) {
            tap(from.cell)
            if !state.cells.contains(where: { $0.selected }) { continue }
            var steps = 0
            while steps < 20 {
                steps += 1
                let s = state
                if let p = s.promotion, let choice = p.choices.randomElement(using: &random) {
                    choosePromotion(choice.piece.kind)
                    return true
                }
                let targets = s.cells.filter { $0.target != nil }
                if targets.isEmpty { break }
                var best = targets.filter { $0.target == .win }
                if best.isEmpty { best = targets.filter { $0.target == .capture } }
                if best.isEmpty { best = targets }
                let plies = game.moves().count
                guard let to = best.randomElement(using: &random) else { break }
                tap(to.cell)
                if game.moves().count > plies { return true }
            }
            if state.canRestartMove { restartMove() } else { tap(from.cell) }
        }
        return false
    }

    /// Plays the first move the seeded player finds (a fresh seed each time, as the Kotlin
    /// tests do).
    func tapAMove(file: StaticString = #filePath, line: UInt = #line) {
        var random = SeededRandom(seed: 7)
        XCTAssertTrue(playAMove(&random), "a move in \(game.fen())", file: file, line: line)
    }

    /// Plays to the end: people by taps, bots by themselves; returns the plies played.
    func playToTheEnd(seed: UInt64, maxPlies: Int = 1500, file: StaticString = #filePath, line: UInt = #line) async throws -> Int {
        var random = SeededRandom(seed: seed)
        let deadline = Date().addingTimeInterval(600)
        turns: while game.moves().count < maxPlies {
            await awaitBot()
            switch game.awaiting() {
            case .nobody:
                break turns
            case .bot:
                // Between a bot's move and the next look: look again shortly, within bounds.
                if Date() > deadline {
                    XCTFail("the bot never moved in \(game.fen()): \(state.status)", file: file, line: line)
                    break turns
                }
                try await Task.sleep(nanoseconds: 1_000_000)
            default:
                if !playAMove(&random) {
                    XCTFail("a person found no move in \(game.fen())", file: file, line: line)
                    break turns
                }
            }
        }
        await awaitBot()
        return game.moves().count
    }
}
