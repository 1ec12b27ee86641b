package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.core.Language
import app.rodina.core.OnlineLabel
import app.rodina.core.PieceStyle
import app.rodina.core.UiText
import app.rodina.core.languageName
import app.rodina.core.languages
import app.rodina.core.onlineLabel
import app.rodina.core.uiText
import app.rodina.state.AppController
import app.rodina.state.Choice

/**
 * The player's settings, each saved as soon as it changes (the screens follow at once; if
 * the save fails the old value comes back and the problem is told here and at home).
 */
@Composable
fun SettingsScreen(app: AppController, language: Language) {
    val settings by app.settings.collectAsStateWithLifecycle()
    val home by app.home.collectAsStateWithLifecycle()
    val styles = listOf(
        Choice(PieceStyle.CHARACTERS, uiText(language, UiText.SETTINGS_CHARACTERS)),
        Choice(PieceStyle.LETTERS, uiText(language, UiText.SETTINGS_LETTERS)),
    )
    // Each language by its own name, so a player can find theirs whatever the screen speaks.
    val languageChoices = listOf(Choice<Language?>(null, uiText(language, UiText.SETTINGS_LANGUAGE_SYSTEM))) +
        languages().map { Choice<Language?>(it, languageName(it)) }

    Scaffold(topBar = { BackTopBar(uiText(language, UiText.SETTINGS_TITLE), language, onBack = { app.back() }) }) { padding ->
        Column(
            Modifier
                .fillMaxSize()
                .padding(padding)
                .verticalScroll(rememberScrollState())
                .padding(horizontal = 16.dp, vertical = 8.dp),
        ) {
            home.message?.let { MessageBanner(it, language, onDismiss = app::dismissHomeMessage) }
            SwitchRow(uiText(language, UiText.SETTINGS_SHOW_TARGETS), settings.showLegalTargets) {
                app.updateSettings(settings.copy(showLegalTargets = it))
            }
            SwitchRow(uiText(language, UiText.SETTINGS_SHOW_LAST_MOVE), settings.showLastMove) {
                app.updateSettings(settings.copy(showLastMove = it))
            }
            SwitchRow(uiText(language, UiText.SETTINGS_ROTATE), settings.rotateBoard) {
                app.updateSettings(settings.copy(rotateBoard = it))
            }
            SectionTitle(uiText(language, UiText.SETTINGS_PIECE_STYLE))
            SegmentedChoice(styles, settings.pieceStyle, onSelect = { app.updateSettings(settings.copy(pieceStyle = it)) })
            SectionTitle(uiText(language, UiText.SETTINGS_LANGUAGE))
            RadioGroup(languageChoices, settings.language, onSelect = { app.updateSettings(settings.copy(language = it)) })
            // Progress on the player's other devices, where the app has a server.
            if (app.sync != null) {
                SectionTitle(onlineLabel(language, OnlineLabel.SYNC_TITLE))
                OutlinedButton(onClick = { app.openSync() }, modifier = Modifier.fillMaxWidth()) {
                    Text(onlineLabel(language, OnlineLabel.SYNC_TITLE))
                }
            }
        }
    }
}

/** A setting that is on or off; the whole row toggles it. */
@Composable
private fun SwitchRow(label: String, checked: Boolean, onChange: (Boolean) -> Unit) {
    Row(
        verticalAlignment = Alignment.CenterVertically,
        modifier = Modifier
            .fillMaxWidth()
            .heightIn(min = 56.dp)
            .toggleable(value = checked, role = Role.Switch, onValueChange = onChange),
    ) {
        Text(label, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.weight(1f).padding(end = 16.dp))
        Switch(checked = checked, onCheckedChange = null)
    }
}
