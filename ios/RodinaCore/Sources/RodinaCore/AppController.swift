// The app's state below the screens. The Swift twin of the Android app's AppController.kt
// (android/app/src/main/kotlin/app/rodina/state), which the JVM tests cover: keep the two
// telling the same story.

import Combine
import Foundation

/// Whether the app's database is open.
public enum Startup: Equatable, Sendable {
    /// Opening it (off the main thread: a large database must not stall the first frame).
    case opening
    /// Open: the screens can be used. `notice` says where an old file was set aside, if it was.
    case ready(notice: String?)
    /// It could not be opened, and was left exactly as it was. `canSetAside`: offer to move
    /// it aside and start a new one (damaged, another app's, or a newer version's file).
    case failed(message: String, canSetAside: Bool)
}

/// One saved game in a list.
public struct SavedGameRow: Identifiable, Hashable, Sendable {
    /// The saved game's id (also its identity in a `ForEach`).
    public let id: Int64
    /// Its game.
    public let variant: Variant
    /// "Xiangqi: Person vs Bot (Novice)".
    public let title: String
    /// "12 moves · in progress".
    public let subtitle: String
    /// The game is over.
    public let finished: Bool
}

/// One game on the home screen: its name and how many of its games are in progress.
public struct GameCard: Identifiable, Hashable, Sendable {
    /// The game (also its identity in a `ForEach`).
    public let variant: Variant
    /// Its name in the app's language.
    public let name: String
    /// How many of its saved games are not finished.
    public let inProgress: Int
    /// "2 games in progress" in the app's language (Slovak plurals), nil when there are none.
    public let inProgressText: String?

    /// The card's identity in a `ForEach`.
    public var id: Variant { variant }
}

/// One game's puzzles on its page: the entry's title and the player's progress as the
/// catalog says it ("Rating 1500?", "3 puzzles solved", "4 attempts"), or why its puzzles
/// cannot be used.
public struct PuzzleCard: Hashable, Sendable {
    /// The game.
    public let variant: Variant
    /// "Puzzles".
    public let title: String
    /// "Rating 1500?".
    public let rating: String
    /// "3 puzzles solved".
    public let solved: String
    /// "4 attempts".
    public let attempts: String
    /// The game's bank has puzzles.
    public let available: Bool
    /// The progress itself, when it could be read.
    public let progress: PuzzleProgress?
    /// Why the game's puzzles cannot be used, if so.
    public let problem: String?
}

/// One game's rules course on its page: the entry's title and the player's progress as the
/// catalog says it ("5 of 17 exercises solved", "12 of 51 stars"), or why the course cannot
/// be used.
public struct CourseCard: Hashable, Sendable {
    /// The game.
    public let variant: Variant
    /// "Rules course".
    public let title: String
    /// "5 of 17 exercises solved".
    public let solved: String
    /// "12 of 51 stars".
    public let stars: String
    /// The course with the progress, when it could be read.
    public let overview: CourseOverview?
    /// Why the game's course cannot be used, if so.
    public let problem: String?
}

/// What the home screens draw: the four games, and the saved games (each game's page shows
/// its own).
public struct HomeState: Equatable, Sendable {
    /// The games, in the core's order.
    public let games: [GameCard]
    /// Every saved game, the latest first.
    public let saved: [SavedGameRow]
    /// A problem to tell (a saved game that could not be opened or deleted).
    public let message: String?
    /// The list is being read (after leaving a game: once its last save has landed).
    public let loading: Bool
    /// The puzzles of each game whose page was opened, once read.
    public var puzzles: [Variant: PuzzleCard] = [:]
    /// The rules course of each game whose page was opened, once read.
    public var courses: [Variant: CourseCard] = [:]
    /// "About the game": the entry of each game's page of rules and story.
    public var pageEntry: String = ""
    /// Online play is offered (the app has a server and its account could be set up).
    public var online: Bool = false

    /// The saved games of `variant`, the latest first.
    public func savedOf(_ variant: Variant) -> [SavedGameRow] {
        saved.filter { $0.variant == variant }
    }

    /// `variant`'s puzzles, once read.
    public func puzzlesOf(_ variant: Variant) -> PuzzleCard? {
        puzzles[variant]
    }

    /// `variant`'s rules course, once read.
    public func courseOf(_ variant: Variant) -> CourseCard? {
        courses[variant]
    }
}

/// What opening the database gives: the storage on it and the settings kept there. At file
/// scope, not nested in the main-actor controller, because it is made on the database queue.
private struct OpenedDatabase: Sendable {
    let storage: any GameStorage
    let settings: Settings
    let puzzles: any PuzzleStorage
    let courses: any CourseStorage
    let online: OnlinePlay?
}

/// A game's puzzle progress as read, or why it could not be (at file scope: read on the
/// database queue).
private enum ReadProgress: Sendable {
    case read(PuzzleProgress)
    case failed(Problem)
}

/// A game's course with the player's progress as read, or why it could not be (at file
/// scope: read on the database queue).
private enum ReadOverview: Sendable {
    case read(CourseOverview)
    case failed(Problem)
}

/// The app's state below the screens: the database, the `Navigator`, the home screens' list,
/// the new-game form, the settings, the game in play, the puzzles and the rules courses.
/// Screens call it on the main actor; every database call (`Store.open` included) runs on the
/// `DatabaseQueue`, and its result is published back on the main actor.
///
/// Saves go through one `Saver` whose tasks no screen owns, so a move played just before the
/// game screen closes is still written, and the home list is read only after that write.
@MainActor
public final class AppController: ObservableObject {
    /// Whether the database is open; the screens show only once it is `.ready`.
    @Published public private(set) var startup: Startup = .opening
    /// The player's settings, as last loaded or saved.
    @Published public private(set) var settings: Settings
    /// The language of every text: the player's choice, or the system's.
    @Published public private(set) var language: Language
    /// The home screens' state.
    @Published public private(set) var home: HomeState
    /// The game in play, if a game screen is open.
    @Published public private(set) var game: GameController?
    /// The puzzles being solved, if a puzzle screen is open.
    @Published public private(set) var puzzle: PuzzleController?
    /// The rules course whose list is open, if one is.
    @Published public private(set) var course: CourseController?
    /// The exercise being tried, if an exercise screen is open.
    @Published public private(set) var exercise: ExerciseController?
    /// Online play (the account, invitations), once the database is open, if the app has a server.
    @Published public private(set) var online: OnlineController?
    /// The online game in play, if an online game screen is open.
    @Published public private(set) var onlineGame: OnlineGameController?
    /// Progress sync through the online account, once the database is open, if the app has a
    /// server.
    @Published public private(set) var sync: SyncController?

    /// Where the player is.
    public let navigator: Navigator
    /// The new-game form.
    public let newGame: NewGameController

    private let databasePath: String
    private let queue: DatabaseQueue
    private let storageOf: @Sendable (Store) -> any GameStorage
    private let botTimeLimitMs: UInt32?
    private let puzzlesOf: @Sendable () -> Puzzles
    private let puzzleStorageOf: @Sendable (Store, Puzzles) -> any PuzzleStorage
    private let opponentDelay: TimeInterval
    private let coursesOf: @Sendable () -> Courses
    private let courseStorageOf: @Sendable (Store, Courses) -> any CourseStorage
    private let onlineServer: String?
    private let onlineDevice: String
    /// The invitation code of a `rodina://join/CODE` link that came before the database was open.
    private var pendingJoin: String?
    private var storage: (any GameStorage)?
    private var puzzleStorage: (any PuzzleStorage)?
    private var courseStorage: (any CourseStorage)?
    private var puzzleProgress: [Variant: ReadProgress] = [:]
    private var courseProgress: [Variant: ReadOverview] = [:]
    private var saver: Saver?
    /// The writes of the puzzle screen last left, which the next one waits for.
    private var lastPuzzleWrites: Task<Void, Never>?
    /// The writes of the exercise screen last left, which the next one (and the course list)
    /// waits for.
    private var lastExerciseWrites: Task<Void, Never>?
    private var systemLanguage: Language
    private var homeProblem: Problem?
    private var summaries: [GameSummary] = []
    private var loading = true
    /// How many reads of the saved games were asked for: the last one is the one shown.
    private var reads = 0
    /// An open (or a set-aside and open) is under way: a second start waits for it.
    private var opening = false

    /// The settings of a new database (the core's defaults), until the real ones are read.
    public static let defaultSettings = Settings(
        showLegalTargets: true,
        showLastMove: true,
        rotateBoard: false,
        pieceStyle: .characters,
        language: nil)

    /// The system's locale as the catalog wants it: the player's first preferred language
    /// ("sk-SK"), which is what the system speaks to them in, or the current locale.
    nonisolated public static func systemLocale() -> String {
        Locale.preferredLanguages.first ?? Locale.current.identifier
    }

    /// An app on the database at `databasePath` (its folder is made if missing), speaking the
    /// language of `systemLocale` until the settings say otherwise. `queue` runs the database
    /// calls; `storageOf` says how the store is used (tests wrap it to watch the threads);
    /// `botTimeLimitMs` caps a bot's thinking in every game (nil: each level's budget alone);
    /// `puzzlesOf` gives the puzzle banks (read on the queue; tests give their own),
    /// `puzzleStorageOf` how the puzzle progress is used, `opponentDelay` how long a puzzle's
    /// (or an exercise's) board shows before the opponent's move, `coursesOf` the rules
    /// courses (read on the queue; tests give their own), `courseStorageOf` how the course
    /// progress is used, `onlineServer` the online server's address (nil: no online play) and
    /// `onlineDevice` this device's name in the online account's sessions.
    public init(
        databasePath: String,
        systemLocale: String = AppController.systemLocale(),
        queue: DatabaseQueue = DatabaseQueue(),
        storageOf: @escaping @Sendable (Store) -> any GameStorage = { StoreStorage(store: $0) },
        botTimeLimitMs: UInt32? = nil,
        puzzlesOf: @escaping @Sendable () -> Puzzles = { Puzzles.embedded() },
        puzzleStorageOf: @escaping @Sendable (Store, Puzzles) -> any PuzzleStorage = {
            StorePuzzleStorage(store: $0, puzzles: $1)
        },
        opponentDelay: TimeInterval = 0.6,
        coursesOf: @escaping @Sendable () -> Courses = { Courses.embedded() },
        courseStorageOf: @escaping @Sendable (Store, Courses) -> any CourseStorage = {
            StoreCourseStorage(store: $0, courses: $1)
        },
        onlineServer: String? = nil,
        onlineDevice: String = "iPhone"
    ) {
        self.databasePath = databasePath
        self.onlineServer = onlineServer
        self.onlineDevice = onlineDevice
        self.coursesOf = coursesOf
        self.courseStorageOf = courseStorageOf
        self.queue = queue
        self.storageOf = storageOf
        self.botTimeLimitMs = botTimeLimitMs
        self.puzzlesOf = puzzlesOf
        self.puzzleStorageOf = puzzleStorageOf
        self.opponentDelay = opponentDelay
        let system = languageForLocale(locale: systemLocale)
        systemLanguage = system
        settings = AppController.defaultSettings
        language = system
        home = HomeState(games: [], saved: [], message: nil, loading: true)
        newGame = NewGameController(language: system)
        navigator = Navigator()
        home = renderHome()
    }

    /// Opens the database (off the main thread) and reads the settings and the saved games.
    /// Does nothing once it is open or while it is being opened (a view appearing again).
    public func start() {
        if case .ready = startup { return }
        if opening { return }
        opening = true
        startup = .opening
        Task { await openDatabase(notice: nil) }
    }

    /// Moves the database that could not be opened aside (kept beside it, never deleted) and
    /// starts with a new one; only on the player's word.
    public func setAsideAndStart() {
        if opening { return }
        opening = true
        startup = .opening
        let path = databasePath
        Task {
            let kept: String?
            do {
                kept = try await queue.run { try setAsideDatabase(path: path, why: "unreadable") }
            } catch {
                opening = false
                startup = .failed(message: problemText(language: language, problem: problemOf(error)), canSetAside: false)
                return
            }
            let notice = kept.map { setAsideText(language: language, file: URL(fileURLWithPath: $0).lastPathComponent) }
            await openDatabase(notice: notice)
        }
    }

    private func openDatabase(notice: String?) async {
        let path = databasePath
        let storageOf = self.storageOf
        let puzzlesOf = self.puzzlesOf
        let puzzleStorageOf = self.puzzleStorageOf
        let coursesOf = self.coursesOf
        let courseStorageOf = self.courseStorageOf
        let onlineServer = self.onlineServer
        let onlineDevice = self.onlineDevice
        do {
            let opened = try await queue.run { () throws -> OpenedDatabase in
                // The store does not make folders; Application Support may not exist yet.
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw RodinaError.Storage(message: (error as NSError).localizedDescription)
                }
                let store = try Store.open(path: path)
                let storage = storageOf(store)
                // Online play needs no network to set up: the account is read (or made) when it
                // is first used. A server address that cannot be used leaves it out.
                let online = onlineServer.flatMap { try? OnlinePlay(server: $0, store: store, device: onlineDevice) }
                return OpenedDatabase(
                    storage: storage, settings: try storage.settings(),
                    puzzles: puzzleStorageOf(store, puzzlesOf()),
                    courses: courseStorageOf(store, coursesOf()),
                    online: online)
            }
            storage = opened.storage
            // Every write of progress is followed by a sync soon (the player never waits for it).
            let written: @Sendable () -> Void = { [weak self] in
                Task { @MainActor in self?.sync?.syncSoon() }
            }
            puzzleStorage = SyncingPuzzleStorage(opened.puzzles, written: written)
            courseStorage = SyncingCourseStorage(opened.courses, written: written)
            saver = Saver(storage: opened.storage, queue: queue)
            online?.close()
            online = opened.online.map { play in
                OnlineController(play: play, language: language, onGame: { [weak self] game in
                    self?.openOnlineGame(game, replace: true)
                })
            }
            sync?.close()
            sync = opened.online.map { play in
                SyncController(play: play, language: language, onTakenIn: { [weak self] _ in self?.takenIn() })
            }
            applySettings(opened.settings)
            opening = false
            // The list's read is under way before the app says it is ready, so nobody takes
            // the empty list from before the database was open for the saved games.
            refresh()
            startup = .ready(notice: notice)
            if let code = pendingJoin {
                pendingJoin = nil
                openJoin(code)
            }
            // What the account's other devices did meanwhile comes in soon after the start.
            sync?.syncSoon()
        } catch {
            var canSetAside = false
            if let e = error as? RodinaError {
                switch e {
                case .DatabaseDamaged, .DatabaseTooNew: canSetAside = true
                default: break
                }
            }
            opening = false
            startup = .failed(message: problemText(language: language, problem: problemOf(error)), canSetAside: canSetAside)
        }
    }

    /// The notice of a file set aside was read: stop showing it.
    public func dismissNotice() {
        if case let .ready(notice) = startup, notice != nil { startup = .ready(notice: nil) }
    }

    /// The system's language changed (the player may follow it).
    public func setSystemLocale(_ locale: String) {
        systemLanguage = languageForLocale(locale: locale)
        applySettings(settings)
    }

    /// Reads the saved games again (off the main thread). Reads may overlap (leaving a game,
    /// then deleting one): only the one asked for last is shown, so an older list that comes
    /// back late never replaces a newer one, and the list stays loading until that last read
    /// is in.
    public func refresh() {
        guard let storage else { return }
        reads += 1
        let read = reads
        loading = true
        home = renderHome()
        Task {
            let outcome: Result<[GameSummary], Error>
            do {
                outcome = .success(try await queue.run { try storage.listGames() })
            } catch {
                outcome = .failure(error)
            }
            guard read == reads else { return }
            switch outcome {
            case let .success(list):
                summaries = list
                homeProblem = nil
            case let .failure(error):
                homeProblem = problemOf(error)
            }
            loading = false
            home = renderHome()
        }
    }

    /// Reads `variant`'s puzzle progress again (off the main thread), for its page. Only the
    /// game whose page opens: the progress is replayed from the log, and the home screen does
    /// not show it.
    private func refreshPuzzles(_ variant: Variant) {
        guard let puzzles = puzzleStorage else { return }
        Task {
            // One game's puzzles that cannot be used say so on its page alone.
            let read: ReadProgress
            do {
                read = .read(try await queue.run { try puzzles.progress(variant) })
            } catch {
                read = .failed(problemOf(error))
            }
            puzzleProgress[variant] = read
            home = renderHome()
        }
    }

    /// Reads `variant`'s course with the player's progress again (off the main thread), for
    /// its page, once `after` (the writes of the exercise screen left last) is over.
    private func refreshCourse(_ variant: Variant, after: Task<Void, Never>? = nil) {
        guard let courses = courseStorage else { return }
        let language = self.language
        Task {
            await after?.value
            // One game's course that cannot be used says so on its page alone.
            let read: ReadOverview
            do {
                read = .read(try await queue.run { try courses.overview(variant, language: language) })
            } catch {
                read = .failed(problemOf(error))
            }
            courseProgress[variant] = read
            home = renderHome()
        }
    }

    /// Opens `variant`'s page: its puzzles and its rules course with the player's progress,
    /// its story, its saved games and the way to a new one.
    public func openGameHome(_ variant: Variant) {
        navigator.open(.gameHome(variant))
        refreshPuzzles(variant)
        refreshCourse(variant, after: lastExerciseWrites)
    }

    /// Opens `variant`'s rules course: its lessons and exercises with the player's stars, read
    /// off the main thread.
    public func openCourse(_ variant: Variant) {
        guard let courseStorage else { return }
        let controller = CourseController(variant: variant, storage: courseStorage, queue: queue, language: language)
        course = controller
        navigator.open(.course(variant))
        controller.refresh(after: lastExerciseWrites)
    }

    /// Opens exercise `id` of `variant`'s course on the board (read off the main thread).
    public func openExercise(_ variant: Variant, id: String) {
        guard let courseStorage else { return }
        let pending = exercise?.close() ?? lastExerciseWrites
        let controller = ExerciseController(
            variant: variant, storage: courseStorage, queue: queue, settings: settings,
            language: language, opponentDelay: opponentDelay)
        exercise = controller
        navigator.open(.exercise(variant))
        controller.start(id: id, after: pending)
    }

    /// Opens `variant`'s page of rules and story.
    public func openGamePage(_ variant: Variant) {
        navigator.open(.gamePage(variant))
    }

    /// Opens the new-game form for `variant`.
    public func openNewGame(_ variant: Variant) {
        newGame.choose(variant)
        navigator.open(.newGame(variant))
    }

    /// Opens the settings.
    public func openSettings() {
        navigator.open(.settings)
    }

    /// Opens progress sync: its status, a pairing code to show, one to type.
    public func openSync() {
        guard let sync else { return }
        sync.refresh()
        navigator.open(.sync)
    }

    /// Another device's progress came in: the settings are read again, and the puzzle cards
    /// and course lists shown are read again.
    private func takenIn() {
        guard let storage else { return }
        Task {
            if let read = try? await queue.run({ try storage.settings() }), read != settings {
                applySettings(read)
            }
            for variant in puzzleProgress.keys { refreshPuzzles(variant) }
            for variant in courseProgress.keys { refreshCourse(variant) }
        }
    }

    /// Opens the invite form for an online game of `variant` with a friend.
    public func openInvite(_ variant: Variant) {
        guard let online else { return }
        online.startInvite(variant)
        navigator.open(.invite(variant))
    }

    /// Opens the join form, with `codeOrLink` (a code, or a `rodina://join/CODE` link) filled
    /// in and looked up; nil: an empty form.
    public func openJoin(_ codeOrLink: String? = nil) {
        guard let online else { return }
        online.startJoin(codeOrLink)
        if navigator.current == .join { return }
        navigator.open(.join)
    }

    /// Opens a link the system handed the app (`rodina://join/CODE`): the join form with its
    /// code. Returns false for a link that holds no invitation. A link that comes before the
    /// database is open is kept and opened once it is.
    @discardableResult
    public func openLink(_ link: String) -> Bool {
        guard let code = invitationCode(text: link) else { return false }
        guard case .ready = startup else {
            pendingJoin = code
            return true
        }
        openJoin(code)
        return true
    }

    /// Opens online game `game`: in place of the invite or join screen that led to it (or of
    /// the game whose rematch it is) when `replace`, else on top.
    public func openOnlineGame(_ game: String, replace: Bool = false) {
        guard let online else { return }
        onlineGame?.close()
        let controller = OnlineGameController(
            play: online.play, gameId: game, settings: settings, language: language,
            onNewGame: { [weak self] next in self?.openOnlineGame(next, replace: true) })
        onlineGame = controller
        var replacing = false
        if replace {
            switch navigator.current {
            case .invite:
                online.cancelInvite()
                replacing = true
            case .join, .onlineGame:
                replacing = true
            default:
                break
            }
        }
        if replacing { navigator.replaceTop(.onlineGame(game)) } else { navigator.open(.onlineGame(game)) }
        controller.start()
    }

    /// The app went to the background: an online game lets its socket go (and shows as paused).
    public func suspendOnline() {
        onlineGame?.suspend()
    }

    /// The app came back: an online game connects again and catches up, and progress syncs.
    public func resumeOnline() {
        onlineGame?.resume()
        sync?.syncSoon()
    }

    /// Opens `variant`'s puzzles: the next puzzle for the player, chosen off the main thread.
    public func openPuzzles(_ variant: Variant) {
        guard let puzzleStorage else { return }
        let pending = puzzle?.close() ?? lastPuzzleWrites
        let controller = PuzzleController(
            variant: variant, storage: puzzleStorage, queue: queue, settings: settings,
            language: language, opponentDelay: opponentDelay)
        puzzle = controller
        navigator.open(.puzzle(variant))
        controller.start(after: pending)
    }

    /// Starts a game from the form and opens it in place of the form. No database call: the
    /// game is first saved after its first move.
    public func startGame() {
        do {
            let session = try GameSession(options: try formNewGame(form: newGame.state.form))
            play(session)
            navigator.replaceTop(.game(savedId: nil))
        } catch {
            newGame.showProblem(problemOf(error))
        }
    }

    /// Opens saved game `id` (read off the main thread); a game that cannot be read is
    /// reported on the home screen.
    public func resumeGame(_ id: Int64) {
        guard let storage else { return }
        Task {
            do {
                let session = try await queue.run { try storage.resume(id: id) }
                play(session)
                navigator.open(.game(savedId: id))
            } catch {
                homeProblem = problemOf(error)
                home = renderHome()
                if let e = error as? RodinaError, case .NotFound = e { refresh() }
            }
        }
    }

    /// Makes `session` the game in play; a game left behind stops its bot.
    private func play(_ session: GameSession) {
        game?.close()
        game = GameController(
            session: session, saver: saver, settings: settings, language: language,
            botTimeLimitMs: botTimeLimitMs)
    }

    /// Deletes saved game `id` (off the main thread) and reads the list again.
    public func deleteGame(_ id: Int64) {
        guard let storage else { return }
        Task {
            // The game's last save may still be under way (its screen was just left): it
            // would write the game anew after the delete, so the delete waits for it.
            await saver?.flush()
            do {
                _ = try await queue.run { try storage.deleteGame(id: id) }
            } catch {
                homeProblem = problemOf(error)
            }
            refresh()
        }
    }

    /// Clears the home screen's problem.
    public func dismissHomeMessage() {
        homeProblem = nil
        home = renderHome()
    }

    /// Saves new settings (off the main thread); the screens follow them at once. If they
    /// cannot be saved the home screen says so and the old ones stay.
    public func updateSettings(_ new: Settings) {
        guard let storage else { return }
        let old = settings
        applySettings(new)
        Task {
            do {
                try await queue.run { try storage.setSettings(new) }
                sync?.syncSoon()
            } catch {
                applySettings(old)
                homeProblem = problemOf(error, context: { .storage(detail: $0) })
                home = renderHome()
            }
        }
    }

    private func applySettings(_ new: Settings) {
        settings = new
        let language = new.language ?? systemLanguage
        let changed = language != self.language
        self.language = language
        newGame.setLanguage(language)
        game?.setLanguage(language)
        game?.setSettings(new)
        puzzle?.setLanguage(language)
        puzzle?.setSettings(new)
        course?.setLanguage(language)
        online?.setLanguage(language)
        sync?.setLanguage(language)
        onlineGame?.setLanguage(language)
        onlineGame?.setSettings(new)
        exercise?.setLanguage(language)
        exercise?.setSettings(new)
        // The course cards' texts were read in the old language.
        if changed { for v in courseProgress.keys { refreshCourse(v) } }
        home = renderHome()
    }

    /// Leaves the screen on top (the back button); returns false on the home screen. Leaving
    /// a game stops its bot and waits for its last save before the list is read again (the
    /// list shows as loading meanwhile, never without the move just played).
    @discardableResult
    public func back() -> Bool {
        let left = navigator.current
        let moved = navigator.back()
        if moved, case .game = left {
            let pending = game?.close()
            game = nil
            loading = true
            home = renderHome()
            Task {
                await pending?.value
                refresh()
            }
        }
        if moved, case let .puzzle(variant) = left {
            // The page's progress is read once the last attempt is in the log.
            let pending = puzzle?.close()
            lastPuzzleWrites = pending
            puzzle = nil
            Task {
                await pending?.value
                refreshPuzzles(variant)
            }
        }
        if moved, case .exercise = left {
            // The list shows the stars once the last solve is written.
            let pending = exercise?.close()
            lastExerciseWrites = pending
            exercise = nil
            course?.refresh(after: pending)
        }
        if moved, case .invite = left {
            online?.cancelInvite()
        }
        if moved, case .onlineGame = left {
            onlineGame?.close()
            onlineGame = nil
        }
        if moved, case let .course(variant) = left {
            course = nil
            refreshCourse(variant, after: lastExerciseWrites)
        }
        return moved
    }

    /// The navigation stack's path changed from outside (the system's back button or swipe
    /// popped screens): go back through `back()` until the stack matches, so that leaving a
    /// game is the same whichever way the player leaves it.
    public func followPath(_ path: [Screen]) {
        while navigator.path.count > path.count {
            if !back() { break }
        }
    }

    /// Back to the home screen, leaving a game on the way as `back()` does.
    public func goHome() {
        while back() {}
    }

    /// Waits for every write asked for so far: the saves, then anything else queued (the app
    /// going to the background).
    public func flushSaves() async {
        await saver?.flush()
        await queue.drain()
    }

    private func renderHome() -> HomeState {
        let language = self.language
        let rows = summaries.map { g -> SavedGameRow in
            let t = savedGameText(language: language, game: g)
            return SavedGameRow(id: g.id, variant: g.variant, title: t.title, subtitle: t.subtitle, finished: g.outcome != nil)
        }
        let cards = variants().map { v -> GameCard in
            let open = rows.filter { $0.variant == v && !$0.finished }.count
            return GameCard(
                variant: v, name: gameName(language: language, variant: v), inProgress: open,
                inProgressText: open > 0 ? gamesInProgress(language: language, count: UInt32(open)) : nil)
        }
        var puzzles: [Variant: PuzzleCard] = [:]
        for (v, read) in puzzleProgress {
            switch read {
            case let .read(progress):
                let t = puzzleProgressText(language: language, progress: progress)
                puzzles[v] = PuzzleCard(
                    variant: v, title: t.title, rating: t.rating, solved: t.solved, attempts: t.attempts,
                    available: progress.puzzles > 0, progress: progress, problem: nil)
            case let .failed(problem):
                puzzles[v] = PuzzleCard(
                    variant: v, title: uiText(language: language, text: .puzzlesEntry), rating: "",
                    solved: "", attempts: "", available: false, progress: nil,
                    problem: problemText(language: language, problem: problem))
            }
        }
        var courses: [Variant: CourseCard] = [:]
        for (v, read) in courseProgress {
            let title = uiText(language: language, text: .coursesEntry)
            switch read {
            case let .read(overview):
                courses[v] = CourseCard(
                    variant: v, title: title, solved: overview.solvedText, stars: overview.starsText,
                    overview: overview, problem: nil)
            case let .failed(problem):
                courses[v] = CourseCard(
                    variant: v, title: title, solved: "", stars: "", overview: nil,
                    problem: problemText(language: language, problem: problem))
            }
        }
        var state = HomeState(
            games: cards, saved: rows,
            message: homeProblem.map { problemText(language: language, problem: $0) },
            loading: loading)
        state.puzzles = puzzles
        state.courses = courses
        state.pageEntry = uiText(language: language, text: .coursePageEntry)
        state.online = online != nil
        return state
    }
}
