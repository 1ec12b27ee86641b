import Combine
import RodinaCore
import SwiftUI
import UIKit

/// The app: opens the database in Application Support (off the main thread) and shows the
/// games, a game's page, the new-game form, a game in play, the puzzles, the rules courses,
/// the games' pages of rules and story, the settings and online play with friends (a
/// `rodina://join/CODE` link opens the join screen), or why the database could not be
/// opened (its file is never replaced silently: the player may set it aside). Every text
/// comes from the core's catalog, in the system's language or the one the player chose.
@main
struct RodinaApp: App {
    @StateObject private var app: AppController
    @Environment(\.scenePhase) private var scenePhase

    /// The system's locale changing, delivered on the main thread (it may be posted elsewhere).
    private let localeChanges = NotificationCenter.default
        .publisher(for: NSLocale.currentLocaleDidChangeNotification)
        .receive(on: DispatchQueue.main)

    init() {
        _app = StateObject(wrappedValue: AppController(
            databasePath: RodinaApp.databasePath(),
            onlineServer: RodinaApp.onlineServer(),
            onlineDevice: UIDevice.current.model))
    }

    var body: some Scene {
        WindowGroup {
            RootView(app: app, navigator: app.navigator)
                .onAppear { app.start() }
                // The player changed the system's language: follow it (unless they chose one).
                .onReceive(localeChanges) { _ in
                    app.setSystemLocale(AppController.systemLocale())
                }
                // A friend's invitation (rodina://join/CODE, the scheme in project.yml).
                .onOpenURL { url in
                    app.openLink(url.absoluteString)
                }
        }
        .onChange(of: scenePhase) { phase in
            if phase == .background {
                // An online game lets its socket go in the background and catches up on return.
                app.suspendOnline()
                BackgroundFlush.start(app)
            }
            if phase == .active { app.resumeOnline() }
        }
    }

    /// The online server (`rodina serve`): the Info.plist's `RodinaServer`, which project.yml
    /// fills from the `RODINA_SERVER` build setting (by default `rodina serve` on this Mac, as
    /// the simulator sees it).
    private static func onlineServer() -> String? {
        (Bundle.main.object(forInfoDictionaryKey: "RodinaServer") as? String).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Where the database lives: Application Support, which is backed up and never shown in
    /// Files. Only the path is worked out here; the folder is made off the main thread.
    private static func databasePath() -> String {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
        let folder = support.first ?? FileManager.default.temporaryDirectory
        return folder.appendingPathComponent("rodina.db").path
    }
}

/// Keeps the app running while the saves asked for so far are written, once it goes to the
/// background: the system may suspend it at once otherwise, and a move just played would be
/// written only when the app comes back (or never, if it is ended meanwhile).
@MainActor
private final class BackgroundFlush {
    private var id: UIBackgroundTaskIdentifier = .invalid

    static func start(_ app: AppController) {
        let work = BackgroundFlush()
        work.id = UIApplication.shared.beginBackgroundTask(withName: "rodina.save") {
            // Out of time: the system is about to suspend the app whatever we do.
            work.end()
        }
        Task {
            await app.flushSaves()
            work.end()
        }
    }

    private func end() {
        guard id != .invalid else { return }
        UIApplication.shared.endBackgroundTask(id)
        id = .invalid
    }
}

/// The texts of the screens, in `language`.
func text(_ language: Language, _ t: UiText) -> String {
    uiText(language: language, text: t)
}

/// The startup's state, then the screens in one navigation stack whose path is the
/// navigator's: the system's back button and swipe go through `AppController.followPath`,
/// so that leaving a game always waits for its last save.
@MainActor
struct RootView: View {
    @ObservedObject var app: AppController
    @ObservedObject var navigator: Navigator

    var body: some View {
        switch app.startup {
        case .opening:
            ProgressView { Text(verbatim: text(app.language, .startupOpening)) }
        case let .failed(message, canSetAside):
            StartupFailureView(app: app, message: message, canSetAside: canSetAside)
        case let .ready(notice):
            NavigationStack(path: Binding(get: { navigator.path }, set: { app.followPath($0) })) {
                HomeView(app: app, notice: notice)
                    .navigationDestination(for: Screen.self) { screen in
                        destination(screen)
                    }
            }
        }
    }

    @ViewBuilder
    private func destination(_ screen: Screen) -> some View {
        switch screen {
        case .home:
            EmptyView()
        case let .gameHome(variant):
            GameHomeView(app: app, variant: variant)
        case .newGame:
            NewGameView(app: app, form: app.newGame)
        case .game:
            if let game = app.game {
                GameView(app: app, game: game)
            }
        case .puzzle:
            if let puzzle = app.puzzle {
                PuzzleView(app: app, puzzles: puzzle)
            }
        case .course:
            if let course = app.course {
                CourseListView(app: app, course: course)
            }
        case .exercise:
            if let exercise = app.exercise {
                ExerciseView(app: app, exercise: exercise)
            }
        case let .gamePage(variant):
            GamePageView(app: app, variant: variant)
        case .settings:
            SettingsView(app: app)
        case .invite:
            if let online = app.online {
                InviteView(online: online)
            }
        case .join:
            if let online = app.online {
                JoinView(online: online)
            }
        case .onlineGame:
            if let game = app.onlineGame {
                OnlineGameScreen(app: app, game: game)
            }
        case .sync:
            if let sync = app.sync {
                SyncView(sync: sync)
            }
        }
    }
}

/// Why the database could not be opened; for a damaged, foreign or too new file, the offer to
/// set it aside (kept beside the new one, never deleted) and start anew. Trying again is
/// always offered: a full disk or a locked file may be gone a moment later.
@MainActor
struct StartupFailureView: View {
    @ObservedObject var app: AppController
    let message: String
    let canSetAside: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text(text(app.language, .startupFailed)).font(.title.bold())
            Text(message)
            if canSetAside {
                Button(text(app.language, .errorSetAside)) { app.setAsideAndStart() }
                    .buttonStyle(.borderedProminent)
            }
            Button(text(app.language, .startupTryAgain)) { app.start() }
                .buttonStyle(.bordered)
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
