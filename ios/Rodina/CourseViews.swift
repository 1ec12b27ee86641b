import RodinaCore
import SwiftUI

/// A game's rules course: how far the player has come (exercises solved, stars), the way on
/// to the first exercise not solved yet, and the lessons, each with its exercises (title,
/// what to do, the best score and its stars). A tap on an exercise opens it on the board.
/// Every text comes from the core's catalog. The twin of the Android app's CourseScreen.kt.
@MainActor
struct CourseListView: View {
    @ObservedObject var app: AppController
    @ObservedObject var course: CourseController

    var body: some View {
        let s = course.state
        List {
            if let problem = s.problem {
                Section {
                    DismissibleText(message: problem, language: s.language, colour: .red) { course.dismissProblem() }
                }
            }
            Section {
                let progress = [s.solved, s.stars].filter { !$0.isEmpty }.joined(separator: " · ")
                if !progress.isEmpty { Text(verbatim: progress) }
                if let allSolved = s.allSolved {
                    Text(verbatim: allSolved).font(.subheadline).foregroundColor(.secondary)
                }
                if let next = s.next {
                    Button(s.continueLabel) { app.openExercise(course.variant, id: next) }
                        .buttonStyle(.borderedProminent)
                }
            }
            ForEach(s.lessons, id: \.id) { lesson in
                Section {
                    ForEach(lesson.exercises, id: \.id) { exercise in
                        Button {
                            app.openExercise(course.variant, id: exercise.id)
                        } label: {
                            ExerciseRow(exercise: exercise)
                        }
                    }
                } header: {
                    HStack {
                        Text(verbatim: lesson.title)
                        Spacer()
                        Text(verbatim: lesson.starsText)
                    }
                }
            }
        }
        .overlay {
            if s.loading && s.lessons.isEmpty { ProgressView() }
        }
        .navigationTitle(s.title)
    }
}

/// An exercise in the list: its number, title and goal, its best score and stars.
private struct ExerciseRow: View {
    let exercise: ExerciseEntry

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Text(verbatim: String(exercise.number))
                .font(.subheadline.monospacedDigit().bold())
                .frame(width: 30, height: 30)
                .background(Circle().fill(exercise.stars > 0 ? Color.accentColor.opacity(0.25) : Color.secondary.opacity(0.15)))
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: exercise.title).font(.headline)
                Text(verbatim: exercise.goal).font(.caption).foregroundColor(.secondary)
            }
            Spacer(minLength: 8)
            VStack(alignment: .trailing, spacing: 2) {
                StarsView(earned: Int(exercise.stars), description: exercise.bestText, size: 14)
                if exercise.best != nil {
                    Text(verbatim: exercise.bestText).font(.caption2).foregroundColor(.secondary)
                }
            }
        }
    }
}

/// `earned` of three stars, filled or outlined, each `size` points across; VoiceOver says
/// `description` for the row instead of the picture.
struct StarsView: View {
    let earned: Int
    let description: String
    let size: CGFloat

    var body: some View {
        HStack(spacing: size * 0.2) {
            ForEach(0..<3, id: \.self) { i in
                Canvas { context, canvas in
                    let r = min(canvas.width, canvas.height) / 2
                    let star = starShape(at: CGPoint(x: canvas.width / 2, y: canvas.height / 2), outer: r, inner: r * 0.45)
                    if i < earned {
                        context.fill(star, with: .color(Palette.star))
                    } else {
                        context.stroke(star, with: .color(.secondary), lineWidth: r * 0.14)
                    }
                }
                .frame(width: size, height: size)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: description))
    }
}

/// An exercise of a rules course on the game's own board (the player's side at the bottom,
/// the targets starred): what to do, moves against par and targets so far, the hints asked
/// for, then the result (the stars, the score and the best so far, the exercise's words on
/// success, or why it failed); a hint, a retry and the next exercise. Every text comes from
/// the core's catalog. The twin of the Android app's ExerciseScreen.kt.
@MainActor
struct ExerciseView: View {
    @ObservedObject var app: AppController
    @ObservedObject var exercise: ExerciseController

    var body: some View {
        let s = exercise.state
        let language = s.language
        VStack(spacing: 8) {
            if s.cells.isEmpty {
                VStack(spacing: 16) {
                    Spacer()
                    if s.loading { ProgressView() }
                    Text(verbatim: s.status).font(.headline).multilineTextAlignment(.center)
                    if let problem = s.problem {
                        DismissibleText(message: problem, language: language, colour: .orange) { exercise.dismissMessage() }
                    }
                    Spacer()
                }
                .frame(maxWidth: .infinity)
            } else {
                BoardWithBars(state: s, controls: exercise)
                ExercisePanel(state: s)
                BoardMessages(message: s.message, problem: s.problem, language: language) { exercise.dismissMessage() }
                ExerciseActions(state: s, exercise: exercise)
            }
        }
        .padding(.horizontal)
        .boardScreenFrame(
            title: s.title,
            language: language,
            canFlip: !s.cells.isEmpty,
            app: app,
            controls: exercise,
            current: { exercise.state })
    }
}

/// What to do and how it goes: the exercise's place and goal, the status, moves against par
/// and targets, the hints, and once it is over the result with its stars, score and best, or
/// the reason it failed.
@MainActor
private struct ExercisePanel: View {
    let state: ExerciseScreenState

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            let place = [state.number, state.lessonTitle].filter { !$0.isEmpty }.joined(separator: " · ")
            Text(verbatim: place).font(.caption).foregroundColor(.secondary)
            Text(verbatim: state.goal).font(.headline)
            Text(verbatim: state.status).font(.subheadline)
            Text(verbatim: [state.movesText, state.targetsText ?? ""].filter { !$0.isEmpty }.joined(separator: " · "))
                .font(.caption)
            ForEach(Array(state.hints.enumerated()), id: \.offset) { _, hint in
                Text(verbatim: hint).font(.subheadline)
            }
            if state.phase == .solved {
                HStack(spacing: 8) {
                    StarsView(earned: state.stars, description: state.starsText ?? "", size: 22)
                    Text(verbatim: [state.scoreText ?? "", state.bestText ?? ""].filter { !$0.isEmpty }.joined(separator: " · "))
                        .font(.subheadline)
                }
                if let done = state.doneText {
                    Text(verbatim: done).font(.subheadline)
                }
            }
            if let refusal = state.refusalText {
                Text(verbatim: refusal).font(.subheadline)
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

/// The actions of the moment: a hint while the exercise goes on, a retry, the next exercise
/// once it is over.
@MainActor
private struct ExerciseActions: View {
    let state: ExerciseScreenState
    let exercise: ExerciseController

    var body: some View {
        let language = state.language
        HStack {
            Button(text(language, .courseHint)) { exercise.hint() }
                .disabled(!state.canHint)
            Button(text(language, .courseRetry)) { exercise.retry() }
                .disabled(!state.canRetry)
            Button(text(language, .courseNext)) { exercise.next() }
                .disabled(!state.canNext)
                .buttonStyle(.borderedProminent)
        }
        .buttonStyle(.bordered)
        .lineLimit(2)
        .minimumScaleFactor(0.8)
    }
}

/// A game's page: its one-line summary, then its sections (how it is played, its story, "did
/// you know", the original names of its pieces, the sources), each a heading and its parts,
/// a heading and a paragraph each; "did you know" stands out. The texts are the core's, in
/// the app's language; reading them takes no database. The twin of the Android app's
/// GamePageScreen.kt.
@MainActor
struct GamePageView: View {
    @ObservedObject var app: AppController
    let variant: Variant

    var body: some View {
        let page = gamePageState(variant, language: app.language)
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 10) {
                if let problem = page.problem {
                    Text(verbatim: problem).foregroundColor(.red)
                }
                if !page.summary.isEmpty {
                    Text(verbatim: page.summary).font(.headline)
                }
                ForEach(Array(page.sections.enumerated()), id: \.offset) { _, section in
                    Text(verbatim: section.title)
                        .font(.title2.bold())
                        .foregroundColor(.accentColor)
                        .padding(.top, 12)
                        .accessibilityAddTraits(.isHeader)
                    ForEach(Array(section.parts.enumerated()), id: \.offset) { _, part in
                        PagePartView(part: part, highlighted: section.kind == .didYouKnow)
                    }
                }
            }
            .padding()
        }
        .navigationTitle(page.title)
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// One part of a page's section: its heading (a header for VoiceOver) and its paragraph;
/// `highlighted` sets it on a card of its own.
private struct PagePartView: View {
    let part: PagePart
    let highlighted: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(verbatim: part.title).font(.headline).accessibilityAddTraits(.isHeader)
            Text(verbatim: part.text).font(.body).fixedSize(horizontal: false, vertical: true)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(highlighted ? 12 : 0)
        .background(
            RoundedRectangle(cornerRadius: 10).fill(highlighted ? Color.accentColor.opacity(0.12) : Color.clear))
    }
}
