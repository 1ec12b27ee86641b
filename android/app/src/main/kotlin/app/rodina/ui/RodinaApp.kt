package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.state.AppController
import app.rodina.state.Screen

/** Shows the screen on top of the navigator's stack. */
@Composable
fun RodinaApp(app: AppController) {
    val screen by app.navigator.current.collectAsStateWithLifecycle()
    when (screen) {
        Screen.Home -> HomeScreen(app)
        Screen.NewGame -> NewGameScreen(app)
        Screen.Settings -> SettingsScreen(app)
        is Screen.Game -> app.game?.let { GameScreen(it, onLeave = { app.back() }) }
    }
}

/** Shown instead of the app when its database cannot be opened. */
@Composable
fun StartupError(message: String) {
    Column(Modifier.fillMaxSize().padding(24.dp)) {
        Text("Rodina cannot open its saved games", style = MaterialTheme.typography.titleLarge)
        Text(message, Modifier.padding(top = 12.dp))
    }
}
