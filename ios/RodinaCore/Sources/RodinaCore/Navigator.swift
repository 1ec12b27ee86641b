// Where the player is. The Swift twin of the Android app's Navigator.kt
// (android/app/src/main/kotlin/app/rodina/state).

import Combine
import Foundation

/// The app's screens.
public enum Screen: Hashable, Sendable {
    /// The four games.
    case home
    /// One game's page: its saved games and the way to a new one.
    case gameHome(Variant)
    /// Choosing the options of a new game of a variant.
    case newGame(Variant)
    /// A game being played: `savedId` is the saved game it writes to, nil until saved.
    case game(savedId: Int64?)
    /// A game's puzzles, one after the other.
    case puzzle(Variant)
    /// A game's rules course: its lessons and exercises with the player's stars.
    case course(Variant)
    /// An exercise of a game's rules course on the board (the controller knows which).
    case exercise(Variant)
    /// A game's page: how it is played, its story, its pieces' names, the sources.
    case gamePage(Variant)
    /// The player's settings.
    case settings
    /// Inviting a friend to an online game of a variant: the options, then the code to share
    /// and the wait.
    case invite(Variant)
    /// Joining a friend's game by its code (typed, or from a `rodina://join/CODE` link).
    case join
    /// An online game (its id on the server), played against a friend.
    case onlineGame(String)
    /// Progress on this player's devices: sync status, pairing codes.
    case sync
}

/// The navigation state: a back stack of `Screen`s with `Screen.home` at the bottom. SwiftUI's
/// `NavigationStack` shows `path` (the stack above the home screen); the system's back button
/// and swipe reach it through `AppController.followPath(_:)`, so that leaving a game always
/// goes through `AppController.back()`.
@MainActor
public final class Navigator: ObservableObject {
    /// The whole stack, bottom (the home screen) first.
    @Published public private(set) var backStack: [Screen] = [.home]

    /// An empty stack: the home screen.
    public init() {}

    /// The screen on top.
    public var current: Screen { backStack[backStack.count - 1] }

    /// The screens above the home screen, as `NavigationStack(path:)` wants them.
    public var path: [Screen] { Array(backStack.dropFirst()) }

    /// Opens `screen` on top; opening the screen already on top does nothing.
    public func open(_ screen: Screen) {
        if current == screen { return }
        backStack.append(screen)
    }

    /// Replaces the top screen (the new-game form gives way to the game it started).
    public func replaceTop(_ screen: Screen) {
        if backStack.count == 1 {
            self.open(screen)
            return
        }
        backStack[backStack.count - 1] = screen
    }

    /// Goes back one screen; returns false on the home screen, where there is no back.
    @discardableResult
    public func back() -> Bool {
        if backStack.count == 1 { return false }
        backStack.removeLast()
        return true
    }

    /// Back to the home screen.
    public func home() {
        backStack = [.home]
    }
}
