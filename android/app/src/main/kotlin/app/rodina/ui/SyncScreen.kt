package app.rodina.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.text.KeyboardActions
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.text.selection.SelectionContainer
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.ui.text.input.KeyboardCapitalization
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.core.OnlineLabel
import app.rodina.core.onlineLabel
import app.rodina.state.SyncController

/**
 * Progress on the player's devices: how sync stands (how many results wait to be sent), Sync
 * now, a pairing code to show to another device, and the field to type one shown elsewhere.
 */
@Composable
fun SyncScreen(sync: SyncController, onBack: () -> Unit) {
    val state by sync.state.collectAsStateWithLifecycle()
    val language = state.language
    Scaffold(topBar = { BackTopBar(state.title, language, onBack) }) { padding ->
        Column(
            Modifier
                .fillMaxSize()
                .padding(padding)
                .verticalScroll(rememberScrollState())
                .padding(horizontal = 16.dp, vertical = 16.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            state.status?.let { status ->
                Text(
                    status.text,
                    style = MaterialTheme.typography.bodyLarge,
                    modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite },
                )
            }
            state.problem?.let { MessageBanner(it, language, onDismiss = null) }
            Button(onClick = { sync.syncNow() }, enabled = !state.syncing, modifier = Modifier.fillMaxWidth()) {
                if (state.syncing) CircularProgressIndicator(Modifier.size(18.dp), strokeWidth = 2.dp)
                else Text(state.syncLabel)
            }
            SectionTitle(state.showCodeLabel)
            state.pairing?.let { pairing ->
                Surface(color = MaterialTheme.colorScheme.secondaryContainer, shape = MaterialTheme.shapes.medium) {
                    Column(Modifier.fillMaxWidth().padding(12.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                        SelectionContainer {
                            Text(pairing.code, style = MaterialTheme.typography.displaySmall.copy(fontFamily = FontFamily.Monospace))
                        }
                        Text(pairing.text, style = MaterialTheme.typography.bodyMedium)
                    }
                }
            }
            OutlinedButton(onClick = { sync.showPairingCode() }, enabled = !state.busy, modifier = Modifier.fillMaxWidth()) {
                Text(state.showCodeLabel)
            }
            SectionTitle(state.enterCodeLabel)
            OutlinedTextField(
                value = state.code,
                onValueChange = sync::typeCode,
                label = { Text(onlineLabel(language, OnlineLabel.PAIRING_CODE)) },
                singleLine = true,
                textStyle = MaterialTheme.typography.headlineSmall.copy(fontFamily = FontFamily.Monospace),
                keyboardOptions = KeyboardOptions(capitalization = KeyboardCapitalization.Characters, imeAction = ImeAction.Go),
                keyboardActions = KeyboardActions(onGo = { sync.pair() }),
                modifier = Modifier.fillMaxWidth(),
            )
            Button(onClick = { sync.pair() }, enabled = state.canPair, modifier = Modifier.fillMaxWidth()) {
                if (state.busy) CircularProgressIndicator(Modifier.size(18.dp), strokeWidth = 2.dp)
                else Text(state.enterCodeLabel)
            }
        }
    }
}
