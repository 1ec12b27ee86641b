package app.rodina.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.rodina.core.HandOverText
import app.rodina.core.Language
import app.rodina.core.PieceKind
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.uiText
import app.rodina.state.PromotionUi
import app.rodina.ui.boards.PieceToken

/**
 * The promotion chooser: [promotion]'s title and the pieces offered, each a button. It
 * cannot be dismissed, since a pawn may not stay half promoted: the player chooses, or
 * starts the move again when [canRestart].
 */
@Composable
fun PromotionDialog(
    promotion: PromotionUi,
    variant: Variant,
    language: Language,
    canRestart: Boolean,
    onChoose: (PieceKind) -> Unit,
    onRestart: () -> Unit,
) {
    AlertDialog(
        onDismissRequest = {},
        title = { Text(promotion.title) },
        text = {
            Row(
                horizontalArrangement = Arrangement.spacedBy(12.dp, Alignment.CenterHorizontally),
                modifier = Modifier.fillMaxWidth(),
            ) {
                for (choice in promotion.choices) {
                    PieceToken(
                        choice,
                        variant,
                        56.dp,
                        Modifier.clip(CircleShape).clickable(role = Role.Button) { onChoose(choice.piece.kind) },
                    )
                }
            }
        },
        confirmButton = {
            if (canRestart) {
                TextButton(onClick = onRestart) { Text(uiText(language, UiText.GAME_RESTART_MOVE)) }
            }
        },
    )
}

/**
 * The hand-over screen, drawn instead of the board (which shows nothing meanwhile): whom to
 * give the device to, why, and the button the next player presses to see the board.
 */
@Composable
fun HandOverScreen(handOver: HandOverText, onReady: () -> Unit, modifier: Modifier = Modifier) {
    Column(
        horizontalAlignment = Alignment.CenterHorizontally,
        verticalArrangement = Arrangement.spacedBy(20.dp, Alignment.CenterVertically),
        modifier = modifier
            .fillMaxSize()
            .verticalScroll(rememberScrollState())
            .padding(32.dp),
    ) {
        Text(
            handOver.title,
            style = MaterialTheme.typography.headlineSmall,
            textAlign = TextAlign.Center,
            modifier = Modifier.semantics { heading() },
        )
        Text(handOver.body, style = MaterialTheme.typography.bodyLarge, textAlign = TextAlign.Center)
        Button(onClick = onReady, modifier = Modifier.padding(top = 12.dp)) { Text(handOver.ready) }
    }
}
