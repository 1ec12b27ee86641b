package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.selectableGroup
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.RadioButton
import androidx.compose.material3.SegmentedButton
import androidx.compose.material3.SegmentedButtonDefaults
import androidx.compose.material3.SingleChoiceSegmentedButtonRow
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.dp
import app.rodina.R
import app.rodina.core.Language
import app.rodina.core.UiText
import app.rodina.core.uiText
import app.rodina.state.Choice

/** The top bar of every screen below the home screen: [title] and the way back. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun BackTopBar(
    title: String,
    language: Language,
    onBack: () -> Unit,
    actions: @Composable RowScope.() -> Unit = {},
) {
    TopAppBar(
        title = { Text(title, maxLines = 1, overflow = TextOverflow.Ellipsis) },
        navigationIcon = {
            IconButton(onClick = onBack) {
                Icon(painterResource(R.drawable.ic_back), contentDescription = uiText(language, UiText.GAME_BACK))
            }
        },
        actions = actions,
    )
}

/**
 * A problem to tell the player, in the error colours, until [onDismiss] (when given) clears
 * it: a banner rather than a snackbar, because these stay until they are dealt with.
 */
@Composable
fun MessageBanner(text: String, language: Language, onDismiss: (() -> Unit)?, modifier: Modifier = Modifier) {
    Surface(
        color = MaterialTheme.colorScheme.errorContainer,
        contentColor = MaterialTheme.colorScheme.onErrorContainer,
        shape = MaterialTheme.shapes.medium,
        modifier = modifier.fillMaxWidth(),
    ) {
        Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.padding(start = 16.dp)) {
            Icon(painterResource(R.drawable.ic_warning), contentDescription = null)
            Text(
                text,
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier.weight(1f).padding(horizontal = 12.dp, vertical = 12.dp),
            )
            if (onDismiss != null) {
                IconButton(onClick = onDismiss) {
                    Icon(painterResource(R.drawable.ic_close), contentDescription = uiText(language, UiText.DISMISS))
                }
            }
        }
    }
}

/** A section's title in a form; a heading for screen readers, which can jump between them. */
@Composable
fun SectionTitle(text: String, modifier: Modifier = Modifier) {
    Text(
        text,
        style = MaterialTheme.typography.titleSmall,
        color = MaterialTheme.colorScheme.primary,
        modifier = modifier.padding(top = 20.dp, bottom = 4.dp).semantics { heading() },
    )
}

/** One choice among [choices] as radio buttons; the whole row is the touch target. */
@Composable
fun <T> RadioGroup(choices: List<Choice<T>>, selected: T, onSelect: (T) -> Unit, modifier: Modifier = Modifier) {
    Column(modifier.selectableGroup()) {
        for (choice in choices) {
            val isSelected = choice.value == selected
            Row(
                verticalAlignment = Alignment.CenterVertically,
                modifier = Modifier
                    .fillMaxWidth()
                    .heightIn(min = 48.dp)
                    .selectable(selected = isSelected, onClick = { onSelect(choice.value) }, role = Role.RadioButton),
            ) {
                RadioButton(selected = isSelected, onClick = null)
                Text(choice.label, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(start = 16.dp))
            }
        }
    }
}

/**
 * One choice among a few short [choices] as a segmented button row. [selected] null selects
 * none; [enabled] false shows a choice that is made for the player (a handicap's giver plays Red).
 */
@Composable
fun <T> SegmentedChoice(
    choices: List<Choice<T>>,
    selected: T?,
    onSelect: (T) -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
) {
    SingleChoiceSegmentedButtonRow(modifier.fillMaxWidth()) {
        choices.forEachIndexed { index, choice ->
            SegmentedButton(
                selected = choice.value == selected,
                onClick = { onSelect(choice.value) },
                shape = SegmentedButtonDefaults.itemShape(index = index, count = choices.size),
                enabled = enabled,
                label = { Text(choice.label, maxLines = 2, textAlign = TextAlign.Center) },
            )
        }
    }
}
