import RodinaCore
import SwiftUI

/// A game's puzzles, one after the other: the board (the game's own, with the player's side
/// at the bottom) between the bars, what to do ("Your turn: find the best move for Red"),
/// then right or wrong, the result and the rating's change; the hint, the solution to step
/// through, a retry and the next puzzle; the difficulty of the next ones. Every text comes
/// from the core's catalog. The twin of the Android app's PuzzleScreen.kt.
@MainActor
struct PuzzleView: View {
    @ObservedObject var app: AppController
    @ObservedObject var puzzles: PuzzleController

    var body: some View {
        let s = puzzles.state
        let language = s.language
        VStack(spacing: 8) {
            if s.cells.isEmpty {
                NoPuzzleView(state: s, puzzles: puzzles)
            } else {
                BoardWithBars(state: s, controls: puzzles)
                PuzzlePanel(state: s)
                BoardMessages(message: s.message, problem: s.problem, language: language) { puzzles.dismissMessage() }
                PuzzleActions(state: s, puzzles: puzzles)
                DifficultyPicker(state: s, puzzles: puzzles)
            }
        }
        .padding(.horizontal)
        .boardScreenFrame(
            title: s.title,
            language: language,
            canFlip: !s.cells.isEmpty,
            app: app,
            controls: puzzles,
            current: { puzzles.state })
    }
}

/// While a puzzle is chosen, or when none is left (or the bank has none yet).
@MainActor
private struct NoPuzzleView: View {
    let state: PuzzleScreenState
    let puzzles: PuzzleController

    var body: some View {
        VStack(spacing: 16) {
            Spacer()
            if state.loading { ProgressView() }
            Text(verbatim: state.empty ?? state.status)
                .font(.headline)
                .multilineTextAlignment(.center)
            if let progress = state.progress {
                Text(verbatim: progress).foregroundColor(.secondary)
            }
            if let problem = state.problem {
                DismissibleText(message: problem, language: state.language, colour: .orange) { puzzles.dismissMessage() }
            }
            if !state.loading { DifficultyPicker(state: state, puzzles: puzzles) }
            Spacer()
        }
        .frame(maxWidth: .infinity)
    }
}

/// What to do, or how it went: the status (read out as it changes), the hint, the rating and
/// its change, the puzzle's rating and themes once it is over.
@MainActor
private struct PuzzlePanel: View {
    let state: PuzzleScreenState

    var body: some View {
        let over = state.phase == .solved || state.phase == .failed
        VStack(alignment: .leading, spacing: 4) {
            Text(verbatim: state.status).font(.headline)
            if let hint = state.hint {
                Text(verbatim: hint).font(.subheadline)
            }
            let rating = [state.rating, state.change ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
            if !rating.isEmpty {
                Text(verbatim: rating).font(.subheadline)
            }
            if over {
                let about = [state.puzzleText ?? "", state.themes.joined(separator: ", ")].filter { !$0.isEmpty }
                if !about.isEmpty {
                    Text(verbatim: about.joined(separator: " · ")).font(.caption).foregroundColor(.secondary)
                }
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(10)
        .background(
            RoundedRectangle(cornerRadius: 10).fill(
                state.phase == .solved ? Color.green.opacity(0.15)
                    : state.phase == .failed ? Color.red.opacity(0.12) : Color.secondary.opacity(0.08)))
        .accessibilityElement(children: .combine)
    }
}

/// The actions of the moment: while the puzzle goes on, a hint and the solution; once it is
/// over, the solution's steps, a retry (unrated) and the next puzzle.
@MainActor
private struct PuzzleActions: View {
    let state: PuzzleScreenState
    let puzzles: PuzzleController

    var body: some View {
        let language = state.language
        HStack {
            if state.solution != nil {
                Button(text(language, .puzzlePreviousMove)) { puzzles.stepSolution(forward: false) }
                    .disabled(!state.canStepBack)
                Button(text(language, .puzzleNextMove)) { puzzles.stepSolution(forward: true) }
                    .disabled(!state.canStepForward)
            } else {
                Button(text(language, .puzzleHint)) { puzzles.hint() }
                    .disabled(!state.canHint)
                Button(text(language, .puzzleShowSolution)) { puzzles.showSolution() }
                    .disabled(!state.canShowSolution)
            }
            Button(text(language, .puzzleRetry)) { puzzles.retry() }
                .disabled(!state.canRetry)
            Button(text(language, .puzzleNext)) { puzzles.next() }
                .disabled(!state.canNext)
                .buttonStyle(.borderedProminent)
        }
        .buttonStyle(.bordered)
        .lineLimit(2)
        .minimumScaleFactor(0.8)
    }
}

/// How hard the next puzzles are, by the catalog's names.
@MainActor
private struct DifficultyPicker: View {
    let state: PuzzleScreenState
    let puzzles: PuzzleController

    var body: some View {
        Picker(
            text(state.language, .puzzleDifficulty),
            selection: Binding(get: { puzzles.state.difficulty }, set: { puzzles.chooseDifficulty($0) })
        ) {
            ForEach(state.difficulties) { choice in
                Text(verbatim: choice.label).tag(choice.value)
            }
        }
        .pickerStyle(.menu)
    }
}
