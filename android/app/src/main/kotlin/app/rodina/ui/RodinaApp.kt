package app.rodina.ui

import androidx.compose.animation.Crossfade
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.remember
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.core.Language
import app.rodina.state.AppController
import app.rodina.state.Screen
import app.rodina.state.Startup

/**
 * The whole app: the startup states until the database is open, then the screen on top of
 * the navigator's stack. The system back gesture reaches [AppController.back] through the
 * activity; the screens' own back buttons call it too.
 */
@Composable
fun RodinaApp(app: AppController) {
    val startup by app.startup.collectAsStateWithLifecycle()
    val language by app.language.collectAsStateWithLifecycle()
    val snackbar = remember { SnackbarHostState() }
    Box(Modifier.fillMaxSize()) {
        when (val s = startup) {
            Startup.Opening -> OpeningScreen(language)
            is Startup.Failed -> StartupFailedScreen(
                s.message,
                s.canSetAside,
                language,
                onSetAside = app::setAsideAndStart,
                onTryAgain = app::start,
            )
            is Startup.Ready -> {
                StartupNotice(s.notice, snackbar)
                Screens(app, language)
            }
        }
        SnackbarHost(snackbar, Modifier.align(Alignment.BottomCenter).safeDrawingPadding())
    }
}

@Composable
private fun Screens(app: AppController, language: Language) {
    val screen by app.navigator.current.collectAsStateWithLifecycle()
    Crossfade(targetState = screen, label = "screen") { shown ->
        when (shown) {
            Screen.Home -> HomeScreen(app, language)
            is Screen.GameHome -> GameHomeScreen(app, shown.variant, language)
            is Screen.NewGame -> NewGameScreen(app, language)
            Screen.Settings -> SettingsScreen(app, language)
            is Screen.Puzzle -> OpenedScreen(shown, language, { app.puzzle }) { PuzzleScreen(it, onBack = { app.back() }) }
            is Screen.Game -> OpenedScreen(shown, language, { app.game }) { GameScreen(it, onBack = { app.back() }) }
            is Screen.Course -> OpenedScreen(shown, language, { app.course }) {
                CourseScreen(it, onOpen = { id -> app.openExercise(shown.variant, id) }, onBack = { app.back() })
            }
            is Screen.Exercise -> OpenedScreen(shown, language, { app.exercise }) { ExerciseScreen(it, onBack = { app.back() }) }
            is Screen.GamePage -> GamePageScreen(shown.variant, language, onBack = { app.back() })
            is Screen.Invite -> OpenedScreen(shown, language, { app.online }) { InviteScreen(it, onBack = { app.back() }) }
            Screen.Join -> OpenedScreen(shown, language, { app.online }) { JoinScreen(it, onBack = { app.back() }) }
            is Screen.OnlineGame -> OpenedScreen(shown, language, { app.onlineGame }) { OnlineGameScreen(it, onBack = { app.back() }) }
            Screen.Sync -> OpenedScreen(shown, language, { app.sync }) { SyncScreen(it, onBack = { app.back() }) }
        }
    }
}

/**
 * The screen of the controller [opened] gives (a game's, a puzzle's, a course's), or the opening screen
 * while there is none. The controller is taken when [shown] first shows: while the screen
 * fades out after Back, the controller is already gone from the app, and its last state
 * still draws.
 */
@Composable
private fun <T : Any> OpenedScreen(shown: Screen, language: Language, opened: () -> T?, content: @Composable (T) -> Unit) {
    val controller = remember(shown) { opened() }
    if (controller != null) {
        key(controller) { content(controller) }
    } else {
        OpeningScreen(language)
    }
}
