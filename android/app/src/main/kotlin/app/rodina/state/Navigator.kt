package app.rodina.state

import app.rodina.core.Variant
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** The app's screens. */
sealed interface Screen {
    /** The four games. */
    data object Home : Screen

    /** One game's page: its saved games and the way to a new one. */
    data class GameHome(val variant: Variant) : Screen

    /** Choosing the options of a new game of [variant]. */
    data class NewGame(val variant: Variant) : Screen

    /** A game being played: [savedId] is the saved game it writes to, null until saved. */
    data class Game(val savedId: Long?) : Screen

    /** [variant]'s puzzles, one after the other. */
    data class Puzzle(val variant: Variant) : Screen

    /** [variant]'s rules course: its lessons and exercises with the player's stars. */
    data class Course(val variant: Variant) : Screen

    /** An exercise of [variant]'s rules course on the board (the controller knows which). */
    data class Exercise(val variant: Variant) : Screen

    /** [variant]'s page: how it is played, its story, its pieces' names, the sources. */
    data class GamePage(val variant: Variant) : Screen

    /** The player's settings. */
    data object Settings : Screen

    /** Inviting a friend to an online game of [variant]: the options, then the code to share and the wait. */
    data class Invite(val variant: Variant) : Screen

    /** Joining a friend's game by its code (typed, or from a `rodina://join/CODE` link). */
    data object Join : Screen

    /** Online game [game] (its id on the server), played against a friend. */
    data class OnlineGame(val game: String) : Screen

    /** Progress on this player's devices: sync status, pairing codes. */
    data object Sync : Screen
}

/**
 * The navigation state: a back stack of [Screen]s with [Screen.Home] at the bottom. Compose
 * (or SwiftUI) shows [current]; the system back gesture calls [back].
 */
class Navigator {
    private val stack = ArrayList<Screen>(listOf(Screen.Home))
    private val _current = MutableStateFlow<Screen>(Screen.Home)

    /** The screen on top. */
    val current: StateFlow<Screen> = _current.asStateFlow()

    /** The whole stack, bottom first. */
    val backStack: List<Screen> get() = stack.toList()

    /** Opens [screen] on top; opening the screen already on top does nothing. */
    fun open(screen: Screen) {
        if (stack.last() == screen) return
        stack += screen
        _current.value = screen
    }

    /** Replaces the top screen (the new-game form gives way to the game it started). */
    fun replaceTop(screen: Screen) {
        if (stack.size == 1) {
            open(screen)
            return
        }
        stack[stack.size - 1] = screen
        _current.value = screen
    }

    /** Goes back one screen; returns false on the home screen, where the app is left. */
    fun back(): Boolean {
        if (stack.size == 1) return false
        stack.removeAt(stack.size - 1)
        _current.value = stack.last()
        return true
    }

    /** Back to the home screen. */
    fun home() {
        stack.subList(1, stack.size).clear()
        _current.value = Screen.Home
    }
}
