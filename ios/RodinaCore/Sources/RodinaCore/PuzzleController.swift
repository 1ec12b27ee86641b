// The puzzle screen's state holder for every game. The Swift twin of the Android app's
// PuzzleController.kt (android/app/src/main/kotlin/app/rodina/state), which the JVM tests
// cover: keep the two telling the same story.

import Combine
import Foundation

/// Everything the puzzle screen draws. Every text is in `language`, from the core's catalog.
public struct PuzzleScreenState: BoardScreenState, Equatable, Sendable {
    /// The game.
    public let variant: Variant
    /// The board it is drawn on.
    public let board: BoardKind
    /// The language of every text here.
    public let language: Language
    /// "Xiangqi puzzles".
    public let title: String
    /// Which way up the board is drawn (the player's side at the bottom).
    public let orientation: Orientation
    /// Row by row from the top of the screen; empty while no puzzle shows.
    public let cells: [CellUi]
    /// The piece a chain released, drawn raised over its cell.
    public let hoveringPiece: PieceUi?
    /// The opponent's bar, at the top.
    public let topBar: BarUi?
    /// The player's bar, at the bottom.
    public let bottomBar: BarUi?
    /// "Your turn: find the best move for Red", "Correct!", the result, the solution's step.
    public let status: String
    /// "Last move: C2=5", for the board's accessible description.
    public let lastMove: String?
    /// The moves played, a row per move number.
    public let moves: [MoveRow]
    /// A puzzle is being chosen (or the first one read).
    public let loading: Bool
    /// Why no puzzle shows: none in the bank yet, or all solved; nil while one shows.
    public let empty: String?
    /// Where the puzzle stands; nil while none shows.
    public let phase: PuzzlePhase?
    /// "Solved!", "Puzzle failed", once the attempt is over.
    public let result: String?
    /// This attempt counts for the rating (a retry never does).
    public let rated: Bool
    /// "Rating 1523", "Rating 1500?".
    public let rating: String
    /// "+12", "−8", or why the attempt did not count; once it is recorded.
    public let change: String?
    /// "Puzzle rated 1300", once the attempt is over.
    public let puzzleText: String?
    /// The puzzle's themes by name, once the attempt is over (before, they give it away).
    public let themes: [String]
    /// "Hint: the move starts on b1", while the hint applies (the cell is marked too).
    public let hint: String?
    /// Where the solution shown stands, while it is shown.
    public let solution: String?
    /// A hint can be asked for now.
    public let canHint: Bool
    /// The solution can be shown now (before the end it fails the attempt).
    public let canShowSolution: Bool
    /// The attempt is over: try again (unrated).
    public let canRetry: Bool
    /// The attempt is over: go on to the next puzzle.
    public let canNext: Bool
    /// The solution shown can step back.
    public let canStepBack: Bool
    /// The solution shown can step forward.
    public let canStepForward: Bool
    /// A promotion to choose now (Friendly chess).
    public let promotion: PromotionUi?
    /// A move of several steps is under way: offer "start the move again".
    public let canRestartMove: Bool
    /// How hard the next puzzles are.
    public let difficulty: Difficulty
    /// Every difficulty with its name, easiest first.
    public let difficulties: [Choice<Difficulty>]
    /// "12 puzzles solved · 15 attempts".
    public let progress: String?
    /// Why the last tap did nothing; nil when there is nothing to say.
    public let message: String?
    /// A puzzle that could not be chosen, read or saved: it stays until dismissed.
    public let problem: String?
}

/// The puzzle screen's state holder for every game: chooses `variant`'s next puzzle (on the
/// database queue), shows the position before the opponent's move and plays that move
/// `opponentDelay` later, forwards taps, drags and promotion choices to the core's
/// `PuzzleSession`, plays each reply a moment after a right move, and writes every ended
/// attempt to the log.
///
/// Threads: main-actor isolated, like the screens that call it; the database is used only on
/// the `DatabaseQueue`. Attempts are written in unstructured tasks that hold what they need
/// (the storage, the queue, the session), not the controller, so an attempt ended just before
/// the screen closes is still written; `close()` hands the write under way to whoever must
/// wait for it (the game's page, before it reads the progress again).
@MainActor
public final class PuzzleController: ObservableObject, BoardControls {
    /// What the screen draws.
    @Published public private(set) var state: PuzzleScreenState

    /// The game.
    public let variant: Variant

    private let storage: any PuzzleStorage
    private let queue: DatabaseQueue
    private var settings: Settings
    private var language: Language
    /// How long the board shows before an opponent's move is played.
    private let opponentDelay: TimeInterval
    private var session: PuzzleSession?
    private var loading = true
    private var empty: String?
    private var progress: PuzzleProgress?
    private var difficulty: Difficulty = .normal
    private var manualFlip = false
    private var message: String?
    private var problem: Problem?
    private var opponentTask: Task<Void, Never>?
    private var saveTask: Task<Void, Never>?
    private var closed = false

    /// A controller for `variant`'s puzzles on `storage` through `queue`, drawn with
    /// `settings` in `language`. Call `start()` to choose the first puzzle.
    public init(
        variant: Variant,
        storage: any PuzzleStorage,
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
        state = PuzzleController.placeholder(variant)
        state = render()
    }

    /// The puzzle on the board, if one is (for what a screen needs beyond `state`, and tests).
    public var puzzle: PuzzleSession? { session }

    /// Reads the difficulty and the progress, and chooses the first puzzle (on the queue).
    public func start(after: Task<Void, Never>? = nil) {
        loading = true
        publish()
        let storage = self.storage
        let variant = self.variant
        // The last puzzle screen's writes (an attempt, a difficulty) come first.
        showChosen(after: after) {
            try Chosen(
                puzzle: storage.next(variant, last: nil),
                progress: storage.progress(variant),
                difficulty: storage.difficulty(variant))
        }
    }

    /// A tap on a screen cell.
    public func tap(_ cell: Cell) {
        guard let s = session, let point = state.orientation.point(at: cell) else { return }
        handle(s.tap(point: point))
    }

    /// A piece dragged from one screen cell and dropped on another.
    public func drag(from: Cell, to: Cell) {
        let orientation = state.orientation
        guard let s = session, let start = orientation.point(at: from), let end = orientation.point(at: to) else { return }
        handle(s.drag(from: start, to: end))
    }

    /// The piece a pawn becomes, from `PuzzleScreenState.promotion`'s choices.
    public func choosePromotion(_ kind: PieceKind) {
        guard let s = session else { return }
        handle(s.choosePromotion(kind: kind))
    }

    /// Starts a move of several steps again (Friendly chess chains).
    public func restartMove() {
        _ = session?.restartMove()
        publish(message: nil)
    }

    /// Marks where the next move starts; the attempt then counts as not solved.
    public func hint() {
        _ = session?.hint()
        publish(message: nil)
    }

    /// Shows the solution to step through; before the end, the attempt fails (and is written).
    public func showSolution() {
        guard let s = session else { return }
        let phase = s.phase()
        let wasOver = phase == .solved || phase == .failed
        opponentTask?.cancel()
        _ = s.showSolution()
        if !wasOver { attemptEnded(s) }
        publish(message: nil)
    }

    /// Steps the solution shown one move forward (or back).
    public func stepSolution(forward: Bool) {
        _ = session?.solutionStep(forward: forward)
        publish(message: nil)
    }

    /// Tries the puzzle again, unrated.
    public func retry() {
        guard let s = session else { return }
        do {
            if try s.retry() {
                publish(message: nil)
                playOpponentLater(s)
            }
        } catch {
            problem = problemOf(error)
            publish()
        }
    }

    /// The next puzzle, chosen on the queue after the last attempt is written: re-targeted at
    /// the rating that attempt left, at the difficulty chosen, never one solved.
    public func next() {
        let last = session
        let pending = saveTask
        let storage = self.storage
        let variant = self.variant
        opponentTask?.cancel()
        loading = true
        publish(message: nil)
        showChosen(after: pending) {
            if let last, last.hasUnsavedAttempts() { try storage.save(last) }
            return try Chosen(puzzle: storage.next(variant, last: last?.id()), progress: storage.progress(variant))
        }
    }

    /// Chooses how hard the next puzzles are; kept in the database (on the queue).
    public func chooseDifficulty(_ new: Difficulty) {
        let old = difficulty
        if new == old { return }
        difficulty = new
        publish()
        let storage = self.storage
        let variant = self.variant
        // In the chain of this screen's writes: leaving the screen (or opening the next
        // puzzle page) waits for it, so the choice is never lost or read stale.
        let previous = saveTask
        saveTask = Task {
            await previous?.value
            do {
                try await queue.run { try storage.setDifficulty(variant, new) }
            } catch {
                difficulty = old
                problem = problemOf(error, context: { .storage(detail: $0) })
                publish()
            }
        }
    }

    /// Turns the board round (the player's side is at the bottom otherwise).
    public func flip() {
        manualFlip.toggle()
        publish()
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

    /// Leaves the puzzles: no opponent's move is played any more. Returns the write of the
    /// last attempt still under way, if any: wait for it before reading the progress.
    @discardableResult
    public func close() -> Task<Void, Never>? {
        closed = true
        opponentTask?.cancel()
        opponentTask = nil
        return saveTask
    }

    /// Waits until no opponent's move is due and no attempt is being written (tests; a
    /// screen draws `state`).
    public func settle() async {
        while true {
            let opponent = opponentTask
            let save = saveTask
            await opponent?.value
            await save?.value
            if opponentTask == opponent && saveTask == save { return }
        }
    }

    /// A puzzle chosen on the queue with what was read beside it; `difficulty` only when it
    /// was read too.
    private struct Chosen {
        let puzzle: PuzzleSession?
        let progress: PuzzleProgress
        var difficulty: Difficulty? = nil
    }

    /// Once `after` is over, chooses a puzzle with `choose` on the queue and shows it; what
    /// could not be chosen or read shows as the problem, with no puzzle.
    private func showChosen(after: Task<Void, Never>?, _ choose: @escaping @Sendable () throws -> Chosen) {
        Task {
            await after?.value
            do {
                let chosen = try await queue.run(choose)
                progress = chosen.progress
                if let kept = chosen.difficulty { difficulty = kept }
                show(chosen.puzzle)
            } catch {
                loading = false
                problem = problemOf(error)
                publish()
            }
        }
    }

    private func show(_ chosen: PuzzleSession?) {
        loading = false
        session = chosen
        empty = chosen == nil ? noPuzzleText(language: language, variant: variant, any: (progress?.puzzles ?? 0) > 0) : nil
        chosen?.setLanguage(language: language)
        publish(message: nil)
        if let chosen { playOpponentLater(chosen) }
    }

    /// Plays the opponent's move now due, `opponentDelay` later; then the next, if one is due.
    private func playOpponentLater(_ s: PuzzleSession) {
        opponentTask?.cancel()
        let phase = s.phase()
        guard !closed, phase == .opening || phase == .replying else { return }
        let delay = UInt64(max(0, opponentDelay) * 1_000_000_000)
        opponentTask = Task { [weak self] in
            if delay > 0 { try? await Task.sleep(nanoseconds: delay) }
            guard !Task.isCancelled, let self else { return }
            do {
                _ = try s.playOpponent()
            } catch {
                self.problem = problemOf(error)
            }
            self.publish()
            if self.session === s { self.playOpponentLater(s) }
        }
    }

    private func handle(_ result: PuzzleTapResult) {
        guard let s = session else { return }
        switch result {
        case let .right(_, solved):
            if solved { attemptEnded(s) } else { playOpponentLater(s) }
            publish(message: nil)
        case .wrong:
            attemptEnded(s)
            publish(message: nil)
        case let .refused(refusal):
            publish(message: refusal.message)
        default:
            publish(message: nil)
        }
    }

    /// The attempt ended: write it (on the queue, in a task no view owns), then show its
    /// rating change.
    private func attemptEnded(_ s: PuzzleSession) {
        let previous = saveTask
        let storage = self.storage
        let queue = self.queue
        let variant = self.variant
        // An unstructured task holding the storage, the queue and the session: nothing
        // cancels it, and it writes even once the controller is gone.
        saveTask = Task { [weak self] in
            await previous?.value
            var failed: Problem?
            var read: PuzzleProgress?
            do {
                read = try await queue.run { () throws -> PuzzleProgress in
                    try storage.save(s)
                    return try storage.progress(variant)
                }
            } catch {
                failed = problemOf(error, context: { .storage(detail: $0) })
            }
            guard let self else { return }
            if let failed { self.problem = failed }
            if let read { self.progress = read }
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

    private func progressText() -> String? {
        progress.map { p in
            let t = puzzleProgressText(language: language, progress: p)
            return "\(t.solved) · \(t.attempts)"
        }
    }

    /// The size of `variant`'s board, for the state drawn before any puzzle shows.
    private static func size(_ variant: Variant) -> (files: Int, ranks: Int) {
        switch boardKind(variant) {
        case .intersections: return (9, 10)
        case .squares9: return (9, 9)
        case .squares8: return (8, 8)
        }
    }

    /// What stands in for the state while the controller builds its first one; never drawn.
    private static func placeholder(_ variant: Variant) -> PuzzleScreenState {
        let (files, ranks) = size(variant)
        return PuzzleScreenState(
            variant: variant, board: boardKind(variant), language: .english, title: "",
            orientation: Orientation(files: files, ranks: ranks, flipped: false), cells: [],
            hoveringPiece: nil, topBar: nil, bottomBar: nil, status: "", lastMove: nil, moves: [],
            loading: true, empty: nil, phase: nil, result: nil, rated: false, rating: "", change: nil,
            puzzleText: nil, themes: [], hint: nil, solution: nil, canHint: false,
            canShowSolution: false, canRetry: false, canNext: false, canStepBack: false,
            canStepForward: false, promotion: nil, canRestartMove: false, difficulty: .normal,
            difficulties: [], progress: nil, message: nil, problem: nil)
    }

    private func render() -> PuzzleScreenState {
        let language = self.language
        let choices = difficulties().map { Choice($0, difficultyName(language: language, difficulty: $0)) }
        let title = puzzlesTitle(language: language, variant: variant)
        let problemLine = problem.map { problemText(language: language, problem: $0) }
        guard let view = session?.view() else {
            let (files, ranks) = PuzzleController.size(variant)
            return PuzzleScreenState(
                variant: variant, board: boardKind(variant), language: language, title: title,
                orientation: Orientation(files: files, ranks: ranks, flipped: manualFlip), cells: [],
                hoveringPiece: nil, topBar: nil, bottomBar: nil,
                status: loading ? uiText(language: language, text: .puzzlesLoading) : (empty ?? ""),
                lastMove: nil, moves: [], loading: loading, empty: empty, phase: nil, result: nil,
                rated: false, rating: "", change: nil, puzzleText: nil, themes: [], hint: nil,
                solution: nil, canHint: false, canShowSolution: false, canRetry: false,
                canNext: !loading && empty == nil, canStepBack: false, canStepForward: false,
                promotion: nil, canRestartMove: false, difficulty: difficulty, difficulties: choices,
                progress: progressText(), message: message, problem: problemLine)
        }
        let board = view.board
        // The player's side at the bottom, unless the board was turned round.
        let flipped = (view.solver == .second) != manualFlip
        let orientation = Orientation(files: Int(board.files), ranks: Int(board.ranks), flipped: flipped)
        let boardUi = BoardUi(view: board, orientation: orientation, language: language, settings: settings)
        let over = view.phase == .solved || view.phase == .failed
        let step = view.solution
        return PuzzleScreenState(
            variant: view.variant,
            board: boardKind(view.variant),
            language: language,
            title: title,
            orientation: orientation,
            cells: boardUi.cells(),
            hoveringPiece: boardUi.hoveringPiece(),
            topBar: boardUi.topBar(),
            bottomBar: boardUi.bottomBar(),
            status: view.status,
            lastMove: board.lastMoveText,
            moves: board.moveRows,
            loading: loading,
            empty: nil,
            phase: view.phase,
            result: view.result,
            rated: view.rated,
            rating: view.ratingText,
            change: view.changeText,
            puzzleText: view.puzzleText,
            themes: view.themes.map { themeName(language: language, theme: $0) },
            hint: view.hintText,
            solution: view.solutionText,
            canHint: view.canHint && !loading,
            canShowSolution: view.canShowSolution && !loading,
            canRetry: view.canRetry && !loading,
            canNext: over && !loading,
            canStepBack: step.map { $0.shown > 0 } ?? false,
            canStepForward: step.map { $0.shown < $0.length } ?? false,
            promotion: boardUi.promotion(),
            canRestartMove: board.moveStarted,
            difficulty: difficulty,
            difficulties: choices,
            progress: progressText(),
            message: message,
            problem: problemLine)
    }
}
