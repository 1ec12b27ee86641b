package app.rodina.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.SnackbarDuration
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.rodina.R
import app.rodina.core.Language
import app.rodina.core.UiText
import app.rodina.core.uiText

/** While the database opens: it runs on the I/O dispatcher, and the first frame shows this. */
@Composable
fun OpeningScreen(language: Language) {
    Surface(Modifier.fillMaxSize()) {
        Column(
            horizontalAlignment = Alignment.CenterHorizontally,
            verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
        ) {
            CircularProgressIndicator()
            Text(uiText(language, UiText.STARTUP_OPENING), style = MaterialTheme.typography.bodyLarge)
        }
    }
}

/**
 * The database could not be opened (and was left as it was): why, and when the file may be
 * set aside, the button that does it on the player's word. Trying again is always offered:
 * a full disk or a file another process holds may be gone a moment later.
 */
@Composable
fun StartupFailedScreen(
    message: String,
    canSetAside: Boolean,
    language: Language,
    onSetAside: () -> Unit,
    onTryAgain: () -> Unit,
) {
    Surface(Modifier.fillMaxSize()) {
        Column(
            horizontalAlignment = Alignment.CenterHorizontally,
            verticalArrangement = Arrangement.spacedBy(16.dp, Alignment.CenterVertically),
            modifier = Modifier
                .safeDrawingPadding()
                .verticalScroll(rememberScrollState())
                .padding(32.dp),
        ) {
            Icon(
                painterResource(R.drawable.ic_warning),
                contentDescription = null,
                tint = MaterialTheme.colorScheme.error,
                modifier = Modifier.size(48.dp),
            )
            Text(
                uiText(language, UiText.STARTUP_FAILED),
                style = MaterialTheme.typography.headlineSmall,
                textAlign = TextAlign.Center,
            )
            Text(message, style = MaterialTheme.typography.bodyLarge, textAlign = TextAlign.Center)
            if (canSetAside) {
                Button(onClick = onSetAside) { Text(uiText(language, UiText.ERROR_SET_ASIDE)) }
            }
            OutlinedButton(onClick = onTryAgain) { Text(uiText(language, UiText.STARTUP_TRY_AGAIN)) }
        }
    }
}

/**
 * Tells [notice] (where an unreadable file was set aside) once, in a snackbar. Once across
 * rotations too: the startup state keeps the notice, so the flag that it was shown is saved.
 */
@Composable
fun StartupNotice(notice: String?, snackbar: SnackbarHostState) {
    var shown by rememberSaveable { mutableStateOf<String?>(null) }
    LaunchedEffect(notice) {
        if (notice != null && notice != shown) {
            shown = notice
            snackbar.showSnackbar(notice, duration = SnackbarDuration.Long)
        }
    }
}
