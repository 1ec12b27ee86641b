// The rules course's state holders for every game: the course list, the exercise screen and
// a game's page. The Swift twin of the Android app's CourseController.kt
// (android/app/src/main/kotlin/app/rodina/state), which the JVM tests cover: keep the two
// telling the same story.

import Combine
import Foundation

/// One game's rules course as its list draws it. Every text is in `language`, from the
/// core's catalog.
public struct CourseListState: Equatable, Sendable {
    /// The game.
    public let variant: Variant
    /// The language of every text here.
    public let language: Language
    /// "Xiangqi: rules course".
    public let title: String
    /// The course and the player's progress are being read.
    public let loading: Bool
    /// The lessons, each with its exercises, their best scores and stars.
    public let lessons: [LessonEntry]
    /// "5 of 17 exercises solved"; empty until read.
    public let solved: String
    /// "12 of 51 stars"; empty until read.
    public let stars: String
    /// Said once every exercise is solved.
    public let allSolved: String?
    /// The first exercise not solved yet, which "Continue" opens; nil when none is left.
    public let next: String?
    /// "Continue".
    public let continueLabel: String
    /// A course or a progress that could not be read: it stays until dismissed.
    public let problem: String?
}

/// A course read on the database queue, or why it could not be (at file scope: made there).
private enum ReadCourse: Sendable {
    case read(CourseOverview)
    case failed(Problem)
}

/// The course list's state holder: reads `variant`'s course with the player's progress (on
/// the database queue) and reads it again when an exercise was left, after that exercise's
/// scores are written. Main-actor isolated, like the screens that call it.
@MainActor
public final class CourseController: ObservableObject {
    /// What the list draws.
    @Published public private(set) var state: CourseListState

    /// The game.
    public let variant: Variant

    private let storage: any CourseStorage
    private let queue: DatabaseQueue
    private var language: Language
    private var overview: CourseOverview?
    private var loading = true
    private var problem: Problem?
    /// How many reads were asked for: only the last one is shown.
    private var reads = 0

    /// A controller for `variant`'s course on `storage` through `queue`, in `language`. Call
    /// `refresh()` to read it.
    public init(variant: Variant, storage: any CourseStorage, queue: DatabaseQueue, language: Language) {
        self.variant = variant
        self.storage = storage
        self.queue = queue
        self.language = language
        state = CourseListState(
            variant: variant, language: language, title: "", loading: true, lessons: [], solved: "",
            stars: "", allSolved: nil, next: nil, continueLabel: "", problem: nil)
        state = render()
    }

    /// Reads the course and the progress again (on the queue), once `after` (the writes of the
    /// exercise just left) is over, so the list never shows stars from before a solve.
    public func refresh(after: Task<Void, Never>? = nil) {
        reads += 1
        let read = reads
        loading = true
        publish()
        let storage = self.storage
        let variant = self.variant
        let asked = language
        Task {
            await after?.value
            let outcome: ReadCourse
            do {
                outcome = .read(try await queue.run { try storage.overview(variant, language: asked) })
            } catch {
                outcome = .failed(problemOf(error))
            }
            guard read == reads else { return }
            loading = false
            switch outcome {
            case let .read(found):
                overview = found
                problem = nil
            case let .failed(failed):
                problem = failed
            }
            publish()
        }
    }

    /// The texts' language changed: the list is read again in it.
    public func setLanguage(_ new: Language) {
        if new == language { return }
        language = new
        refresh()
    }

    /// Clears the problem.
    public func dismissProblem() {
        problem = nil
        publish()
    }

    private func publish() {
        state = render()
    }

    private func render() -> CourseListState {
        let language = self.language
        let o = overview
        return CourseListState(
            variant: variant,
            language: language,
            title: o?.title ?? courseTitle(language: language, variant: variant),
            loading: loading,
            lessons: o?.lessons ?? [],
            solved: o?.solvedText ?? "",
            stars: o?.starsText ?? "",
            allSolved: o?.allSolvedText,
            next: o?.next,
            continueLabel: uiText(language: language, text: .courseContinue),
            problem: problem.map { problemText(language: language, problem: $0) })
    }
}

/// Everything the exercise screen draws. Every text is in `language`, from the core's catalog.
public struct ExerciseScreenState: BoardScreenState, Equatable, Sendable {
    /// The game.
    public let variant: Variant
    /// The board it is drawn on.
    public let board: BoardKind
    /// The language of every text here.
    public let language: Language
    /// The exercise's title ("The leap"); the course's while it opens.
    public let title: String
    /// The lesson's title.
    public let lessonTitle: String
    /// "Exercise 3 of 17".
    public let number: String
    /// What to do.
    public let goal: String
    /// Which way up the board is drawn (the player's side at the bottom).
    public let orientation: Orientation
    /// Row by row from the top of the screen; empty while no exercise shows.
    public let cells: [CellUi]
    /// The piece a chain released, drawn raised over its cell.
    public let hoveringPiece: PieceUi?
    /// The opponent's bar, at the top.
    public let topBar: BarUi?
    /// The player's bar, at the bottom.
    public let bottomBar: BarUi?
    /// "Your move (Red)", "Green replies…", the result.
    public let status: String
    /// "Last move: C2=5", for the board's accessible description.
    public let lastMove: String?
    /// The moves played, a row per move number.
    public let moves: [MoveRow]
    /// The exercise is being opened.
    public let loading: Bool
    /// Where the exercise stands; nil while none shows.
    public let phase: CoursePhase?
    /// "Moves: 1 · par 2".
    public let movesText: String
    /// "Targets: 1 of 2", for an exercise with targets (marked on the board too).
    public let targetsText: String?
    /// The hints shown so far.
    public let hints: [String]
    /// Another hint can be shown now.
    public let canHint: Bool
    /// "Solved!", or why the exercise failed, once the try is over.
    public let result: String?
    /// Why the exercise failed, once it has.
    public let failure: CourseFailure?
    /// The exercise's words on success.
    public let doneText: String?
    /// Why the rules forbid the move tried, when that failed the exercise.
    public let refusalText: String?
    /// The stars of this try: 0 until solved, then 1 to 3.
    public let stars: Int
    /// "600 points", once solved.
    public let scoreText: String?
    /// "3 of 3 stars", once solved (VoiceOver says it for the stars drawn).
    public let starsText: String?
    /// "A new best score!" or "Best so far: 550 points", once solved.
    public let bestText: String?
    /// The exercise can be started again.
    public let canRetry: Bool
    /// The try is over and the course has an exercise after this one.
    public let canNext: Bool
    /// A promotion to choose now (Friendly chess).
    public let promotion: PromotionUi?
    /// A move of several steps is under way: offer "start the move again".
    public let canRestartMove: Bool
    /// Why the last tap did nothing; nil when there is nothing to say.
    public let message: String?
    /// An exercise that could not be opened, or a score that could not be written: it stays
    /// until dismissed.
    public let problem: String?
}

/// The exercise screen's state holder for every game: opens an exercise of `variant`'s course
/// (on the database queue), forwards taps, drags and promotion choices to the core's
/// `CourseSession`, plays the scripted reply `opponentDelay` after the player's move, and
/// writes every solve's score to the database.
///
/// Threads: main-actor isolated, like the screens that call it; the database is used only on
/// the `DatabaseQueue`. Scores are written in unstructured tasks that hold what they need (the
/// storage, the queue, the session), not the controller, so a solve just before the screen
/// closes is still written; `close()` hands the write under way to whoever must wait for it
/// (the course list, before it reads the progress again).
@MainActor
public final class ExerciseController: ObservableObject, BoardControls {
    /// What the screen draws.
    @Published public private(set) var state: ExerciseScreenState

    /// The game.
    public let variant: Variant

    private let storage: any CourseStorage
    private let queue: DatabaseQueue
    private var settings: Settings
    private var language: Language
    /// How long the board shows the player's move before the scripted reply is played.
    private let opponentDelay: TimeInterval
    private var session: CourseSession?
    private var loading = true
    private var manualFlip = false
    private var message: String?
    private var problem: Problem?
    private var opponentTask: Task<Void, Never>?
    private var saveTask: Task<Void, Never>?
    private var closed = false

    /// A controller for an exercise of `variant`'s course on `storage` through `queue`, drawn
    /// with `settings` in `language`. Call `start(id:)` to open one.
    public init(
        variant: Variant,
        storage: any CourseStorage,
        queue: DatabaseQueue,
        settings: Settings,
        language: Language,
        opponentDelay: TimeInterval = 0.6
    ) {
        self.variant = variant
        self.storage = storage
        self.queue = queue
        self.settings = settings
        self.language = language
        self.opponentDelay = opponentDelay
        state = ExerciseController.placeholder(variant)
        state = render()
    }

    /// The exercise on the board, if one is (for what a screen needs beyond `state`, and tests).
    public var exercise: CourseSession? { session }

    /// Opens exercise `id` (on the queue) once `after` (the last exercise screen's writes) is
    /// over.
    public func start(id: String, after: Task<Void, Never>? = nil) {
        loading = true
        publish()
        let storage = self.storage
        let variant = self.variant
        Task {
            await after?.value
            do {
                let opened = try await queue.run { try storage.open(variant, id: id) }
                opened.setLanguage(language: language)
                session = opened
            } catch {
                problem = problemOf(error)
            }
            loading = false
            publish(message: nil)
        }
    }

    /// A tap on a screen cell.
    public func tap(_ cell: Cell) {
        guard let s = session, let point = state.orientation.point(at: cell) else { return }
        handle(s, s.tap(point: point))
    }

    /// A piece dragged from one screen cell and dropped on another.
    public func drag(from: Cell, to: Cell) {
        let orientation = state.orientation
        guard let s = session, let start = orientation.point(at: from), let end = orientation.point(at: to) else { return }
        handle(s, s.drag(from: start, to: end))
    }

    /// The piece a pawn becomes, from `ExerciseScreenState.promotion`'s choices.
    public func choosePromotion(_ kind: PieceKind) {
        guard let s = session else { return }
        handle(s, s.choosePromotion(kind: kind))
    }

    /// Starts a move of several steps again (Friendly chess chains).
    public func restartMove() {
        _ = session?.restartMove()
        publish(message: nil)
    }

    /// Turns the board round (the player's side is at the bottom otherwise).
    public func flip() {
        manualFlip.toggle()
        publish()
    }

    /// Shows the exercise's next hint.
    public func hint() {
        _ = session?.hint()
        publish(message: nil)
    }

    /// Starts the exercise again (a reply still due is not played).
    public func retry() {
        guard let s = session else { return }
        opponentTask?.cancel()
        _ = s.retry()
        publish(message: nil)
    }

    /// Goes on to the course's next exercise.
    public func next() {
        guard let s = session else { return }
        opponentTask?.cancel()
        _ = s.nextExercise()
        publish(message: nil)
    }

    /// Clears the tap message and the problem.
    public func dismissMessage() {
        problem = nil
        publish(message: nil)
    }

    /// The texts' language changed.
    public func setLanguage(_ new: Language) {
        language = new
        session?.setLanguage(language: new)
        publish()
    }

    /// The settings changed (labels, highlights).
    public func setSettings(_ new: Settings) {
        settings = new
        publish()
    }

    /// Leaves the exercise: no reply is played any more. Returns the write of the last score
    /// still under way, if any: wait for it before reading the progress.
    @discardableResult
    public func close() -> Task<Void, Never>? {
        closed = true
        opponentTask?.cancel()
        opponentTask = nil
        return saveTask
    }

    /// Waits until no reply is due and no score is being written (tests; a screen draws
    /// `state`).
    public func settle() async {
        while true {
            let opponent = opponentTask
            let save = saveTask
            await opponent?.value
            await save?.value
            if opponentTask == opponent && saveTask == save { return }
        }
    }

    private func handle(_ s: CourseSession, _ result: CourseTapResult) {
        switch result {
        case .played:
            playOpponentLater(s)
            saveScores(s)
            publish(message: nil)
        case .illegal:
            // The view says why the exercise failed.
            publish(message: nil)
        case let .refused(refusal):
            publish(message: refusal.message)
        default:
            publish(message: nil)
        }
    }

    /// Plays the scripted reply now due, `opponentDelay` later.
    private func playOpponentLater(_ s: CourseSession) {
        opponentTask?.cancel()
        guard !closed, s.phase() == .replying else { return }
        let delay = UInt64(max(0, opponentDelay) * 1_000_000_000)
        opponentTask = Task { [weak self] in
            if delay > 0 { try? await Task.sleep(nanoseconds: delay) }
            guard !Task.isCancelled, let self else { return }
            _ = s.playOpponent()
            self.publish()
        }
    }

    /// A solve's score waits to be written: write it (on the queue, in a task no view owns).
    private func saveScores(_ s: CourseSession) {
        guard s.hasUnsavedScores() else { return }
        let previous = saveTask
        let storage = self.storage
        let queue = self.queue
        // An unstructured task holding the storage, the queue and the session: nothing
        // cancels it, and it writes even once the controller is gone.
        saveTask = Task { [weak self] in
            await previous?.value
            var failed: Problem?
            do {
                try await queue.run { try storage.save(s) }
            } catch {
                failed = problemOf(error, context: { .storage(detail: $0) })
            }
            guard let self, let failed else { return }
            self.problem = failed
            self.publish()
        }
    }

    private func publish() {
        state = render()
    }

    private func publish(message: String?) {
        self.message = message
        publish()
    }

    /// The size of `variant`'s board, for the state drawn before any exercise shows.
    private static func size(_ variant: Variant) -> (files: Int, ranks: Int) {
        switch boardKind(variant) {
        case .intersections: return (9, 10)
        case .squares9: return (9, 9)
        case .squares8: return (8, 8)
        }
    }

    /// What stands in for the state while the controller builds its first one; never drawn.
    private static func placeholder(_ variant: Variant) -> ExerciseScreenState {
        let (files, ranks) = size(variant)
        return ExerciseScreenState(
            variant: variant, board: boardKind(variant), language: .english, title: "", lessonTitle: "",
            number: "", goal: "", orientation: Orientation(files: files, ranks: ranks, flipped: false),
            cells: [], hoveringPiece: nil, topBar: nil, bottomBar: nil, status: "", lastMove: nil,
            moves: [], loading: true, phase: nil, movesText: "", targetsText: nil, hints: [],
            canHint: false, result: nil, failure: nil, doneText: nil, refusalText: nil, stars: 0,
            scoreText: nil, starsText: nil, bestText: nil, canRetry: false, canNext: false,
            promotion: nil, canRestartMove: false, message: nil, problem: nil)
    }

    private func render() -> ExerciseScreenState {
        let language = self.language
        let problemLine = problem.map { problemText(language: language, problem: $0) }
        guard let view = session?.view() else {
            let (files, ranks) = ExerciseController.size(variant)
            return ExerciseScreenState(
                variant: variant, board: boardKind(variant), language: language,
                title: courseTitle(language: language, variant: variant), lessonTitle: "", number: "",
                goal: "", orientation: Orientation(files: files, ranks: ranks, flipped: manualFlip),
                cells: [], hoveringPiece: nil, topBar: nil, bottomBar: nil,
                status: loading ? uiText(language: language, text: .coursesLoading) : "", lastMove: nil,
                moves: [], loading: loading, phase: nil, movesText: "", targetsText: nil, hints: [],
                canHint: false, result: nil, failure: nil, doneText: nil, refusalText: nil, stars: 0,
                scoreText: nil, starsText: nil, bestText: nil, canRetry: false, canNext: false,
                promotion: nil, canRestartMove: false, message: message, problem: problemLine)
        }
        let board = view.board
        // The player's side at the bottom, unless the board was turned round.
        let flipped = (view.player == .second) != manualFlip
        let orientation = Orientation(files: Int(board.files), ranks: Int(board.ranks), flipped: flipped)
        let boardUi = BoardUi(view: board, orientation: orientation, language: language, settings: settings)
        let over = view.phase == .solved || view.phase == .failed
        return ExerciseScreenState(
            variant: view.variant,
            board: boardKind(view.variant),
            language: language,
            title: view.title,
            lessonTitle: view.lessonTitle,
            number: view.numberText,
            goal: view.goal,
            orientation: orientation,
            cells: boardUi.cells(),
            hoveringPiece: boardUi.hoveringPiece(),
            topBar: boardUi.topBar(),
            bottomBar: boardUi.bottomBar(),
            status: view.status,
            lastMove: board.lastMoveText,
            moves: board.moveRows,
            loading: loading,
            phase: view.phase,
            movesText: view.movesText,
            targetsText: view.targetsText,
            hints: view.hints,
            canHint: view.canHint,
            result: view.result,
            failure: view.failure,
            doneText: view.doneText,
            refusalText: view.refusalText,
            stars: Int(view.score?.stars ?? 0),
            scoreText: view.scoreText,
            starsText: view.starsText,
            bestText: view.bestText,
            canRetry: view.canRetry,
            canNext: over && view.next != nil,
            promotion: boardUi.promotion(),
            canRestartMove: board.moveStarted,
            message: message,
            problem: problemLine)
    }
}

/// A game's page as its screen draws it: how it is played, its story, its pieces' names and
/// the sources.
public struct GamePageState: Equatable, Sendable {
    /// The game.
    public let variant: Variant
    /// The language of every text here.
    public let language: Language
    /// "About Xiangqi"; the game's name when the page cannot be read.
    public let title: String
    /// The page's one-line summary.
    public let summary: String
    /// Its sections, each a heading and its parts.
    public let sections: [PageSection]
    /// Why the page cannot be shown, if it cannot.
    public let problem: String?
}

/// `variant`'s page in `language`, from the core (quick, no database: fine on the main
/// thread). A page that cannot be read (a build defect) says so rather than failing.
public func gamePageState(_ variant: Variant, language: Language) -> GamePageState {
    do {
        let page = try gamePage(variant: variant, language: language)
        return GamePageState(
            variant: variant, language: language, title: page.title, summary: page.summary,
            sections: page.sections, problem: nil)
    } catch {
        return GamePageState(
            variant: variant, language: language, title: gameName(language: language, variant: variant),
            summary: "", sections: [],
            problem: problemText(language: language, problem: problemOf(error)))
    }
}
