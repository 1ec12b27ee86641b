// The database as the state holders use it, and the one place where its calls run. The Swift
// twin of the Android app's Storage.kt (android/app/src/main/kotlin/app/rodina/state).

import Foundation

/// The device's saved games and settings, as the state holders use them. Every call touches
/// the database file, so the state holders make them only through their `DatabaseQueue`,
/// never on the main thread (a large database would stall the UI, and the watchdog ends an
/// app that blocks its main thread too long). A protocol so that tests can check that
/// promise, and make saves slow or fail.
public protocol GameStorage: Sendable {
    /// The saved games, the latest first.
    func listGames() throws -> [GameSummary]

    /// Deletes saved game `id`; false when it was already gone.
    func deleteGame(id: Int64) throws -> Bool

    /// The player's settings.
    func settings() throws -> Settings

    /// Saves the player's settings.
    func setSettings(_ settings: Settings) throws

    /// Opens saved game `id` to go on playing it.
    func resume(id: Int64) throws -> GameSession

    /// Writes `session` (the first time as a new saved game); returns its id.
    func save(_ session: GameSession) throws -> Int64
}

/// `GameStorage` on the core's `Store` (which locks itself, so any one thread may use it).
public final class StoreStorage: GameStorage {
    /// The database.
    public let store: Store

    /// Storage in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// The store's saved games, the latest first.
    public func listGames() throws -> [GameSummary] { try store.listGames() }

    /// Deletes saved game `id` from the store.
    public func deleteGame(id: Int64) throws -> Bool { try store.deleteGame(id: id) }

    /// The settings kept in the store (the core's defaults for any never saved).
    public func settings() throws -> Settings { try store.settings() }

    /// Keeps `settings` in the store.
    public func setSettings(_ settings: Settings) throws { try store.setSettings(settings: settings) }

    /// Rebuilds saved game `id` from the store.
    public func resume(id: Int64) throws -> GameSession { try GameSession.resume(store: store, id: id) }

    /// Writes `session` to the store (the core copies the game first, so taps go on meanwhile).
    public func save(_ session: GameSession) throws -> Int64 { try session.save(store: store) }
}

/// The device's puzzle progress, as the state holders use it: the attempt log, the next
/// puzzle chosen from it, the difficulty per game. Every call reads or writes the database,
/// so, as with `GameStorage`, the state holders make them only through their `DatabaseQueue`.
public protocol PuzzleStorage: Sendable {
    /// The player's progress in `variant`'s puzzles, replayed from the log.
    func progress(_ variant: Variant) throws -> PuzzleProgress

    /// The next puzzle of `variant` for the player, not `last` while another is left; nil when
    /// none is left.
    func next(_ variant: Variant, last: String?) throws -> PuzzleSession?

    /// Puzzle `id` of `variant`.
    func open(_ variant: Variant, id: String) throws -> PuzzleSession

    /// Writes `session`'s ended attempts to the log.
    func save(_ session: PuzzleSession) throws

    /// The difficulty chosen for `variant`'s puzzles.
    func difficulty(_ variant: Variant) throws -> Difficulty

    /// Keeps the difficulty chosen for `variant`'s puzzles.
    func setDifficulty(_ variant: Variant, _ difficulty: Difficulty) throws
}

/// `PuzzleStorage` on the core's `Store` and the banks of `puzzles`.
public final class StorePuzzleStorage: PuzzleStorage {
    /// The database.
    public let store: Store
    /// The banks.
    public let puzzles: Puzzles

    /// Puzzle progress in `store`, for the banks of `puzzles`.
    public init(store: Store, puzzles: Puzzles) {
        self.store = store
        self.puzzles = puzzles
    }

    /// The progress replayed from the store's log.
    public func progress(_ variant: Variant) throws -> PuzzleProgress {
        try puzzles.progress(store: store, variant: variant)
    }

    /// The next puzzle chosen from the store's log and difficulty.
    public func next(_ variant: Variant, last: String?) throws -> PuzzleSession? {
        try puzzles.next(store: store, variant: variant, last: last)
    }

    /// Puzzle `id` of `variant`'s bank.
    public func open(_ variant: Variant, id: String) throws -> PuzzleSession {
        try puzzles.open(store: store, variant: variant, id: id)
    }

    /// Writes `session`'s ended attempts to the store's log.
    public func save(_ session: PuzzleSession) throws { try session.saveAttempts(store: store) }

    /// The difficulty kept in the store.
    public func difficulty(_ variant: Variant) throws -> Difficulty {
        try store.puzzleDifficulty(variant: variant)
    }

    /// Keeps `difficulty` in the store.
    public func setDifficulty(_ variant: Variant, _ difficulty: Difficulty) throws {
        try store.setPuzzleDifficulty(variant: variant, difficulty: difficulty)
    }
}

/// The device's rules courses, as the state holders use them: a game's course with the
/// player's progress, an exercise opened, its scores written. Every call reads or writes the
/// database, so, as with `GameStorage`, the state holders make them only through their
/// `DatabaseQueue`.
public protocol CourseStorage: Sendable {
    /// `variant`'s course as its list shows it, with the player's progress, in `language`.
    func overview(_ variant: Variant, language: Language) throws -> CourseOverview

    /// Exercise `id` of `variant`'s course, knowing the player's best scores.
    func open(_ variant: Variant, id: String) throws -> CourseSession

    /// Writes `session`'s solves' scores, each kept where it beats the stored one.
    func save(_ session: CourseSession) throws
}

/// `CourseStorage` on the core's `Store` and the courses of `courses`.
public final class StoreCourseStorage: CourseStorage {
    /// The database.
    public let store: Store
    /// The courses.
    public let courses: Courses

    /// Course progress in `store`, for the courses of `courses`.
    public init(store: Store, courses: Courses) {
        self.store = store
        self.courses = courses
    }

    /// The course with the progress kept in the store.
    public func overview(_ variant: Variant, language: Language) throws -> CourseOverview {
        try courses.overview(store: store, variant: variant, language: language)
    }

    /// Exercise `id` of `variant`'s course, with the best scores kept in the store.
    public func open(_ variant: Variant, id: String) throws -> CourseSession {
        try courses.open(store: store, variant: variant, id: id)
    }

    /// Writes `session`'s scores to the store.
    public func save(_ session: CourseSession) throws { try session.saveScores(store: store) }
}

/// Where every database call runs: one serial queue off the main thread. Serial, so that the
/// calls land in the order they were asked for (a game's saves one after the other, the home
/// list read after the saves asked for before it) and a slow disk never runs two writes at
/// once; off the main thread, so that the screens stay smooth however slow the disk is.
/// Work handed to it runs to its end even if whoever asked for it is gone.
public final class DatabaseQueue: Sendable {
    private let queue: DispatchQueue

    /// A queue of its own; `label` names it in the debugger.
    public init(label: String = "app.rodina.database") {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `work` on the queue after everything asked for before it, and hands back its
    /// result (or its error) to the caller's actor.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            queue.async {
                do {
                    continuation.resume(returning: try work())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Waits until everything asked for so far has run (the app going to the background, a
    /// test reading the file with a store of its own).
    public func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }
}

/// The catalog's problem for a failure of the core: what the player is told. `context` is
/// the problem to report for errors that say nothing more specific (a failed save, a bot
/// that could not move); an error that is not the core's (the file system's) counts as one
/// of those too.
public func problemOf(_ error: Error, context: ((String) -> Problem)? = nil) -> Problem {
    guard let e = error as? RodinaError else {
        let detail = (error as NSError).localizedDescription
        return context?(detail) ?? .storage(detail: detail)
    }
    switch e {
    case let .InvalidInput(message): return .invalidInput(detail: message)
    case .GameOver: return .gameOver
    case let .Unsupported(message): return .unsupported(detail: message)
    case .NotFound: return .notFound
    case let .SavedGameDamaged(message): return .savedGameDamaged(detail: message)
    case .DatabaseDamaged: return .databaseDamaged
    case .DatabaseTooNew: return .databaseTooNew
    case let .PuzzleDamaged(message): return .puzzleDamaged(detail: message)
    case let .CourseDamaged(message): return .courseDamaged(detail: message)
    case let .Storage(message): return context?(message) ?? .storage(detail: message)
    case let .Internal(message): return context?(message) ?? .`internal`(detail: message)
    // Online calls' failures: their message is already the sentence to show (see
    // `onlineErrorText`); the screens of online play never make a `Problem` of them.
    case let .Network(message), let .SignedOut(message), let .Refused(message), let .Unsent(message):
        return context?(message) ?? .`internal`(detail: message)
    }
}

/// What the player is told of a failed online call, in the language of the `OnlinePlay` (or
/// game) that made it: the core has already written the sentence for every online failure
/// (network, signed out, refused, a code or options not of their form); a database failure
/// underneath is told as every other one is.
public func onlineErrorText(_ language: Language, _ error: Error) -> String {
    if let e = error as? RodinaError {
        switch e {
        case let .Network(message), let .SignedOut(message), let .Refused(message), let .Unsent(message),
             let .InvalidInput(message), let .Unsupported(message), let .Internal(message):
            return message
        default:
            break
        }
    }
    return problemText(language: language, problem: problemOf(error))
}
