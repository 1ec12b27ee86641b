package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.core.Language
import app.rodina.core.UiText
import app.rodina.core.uiText
import app.rodina.state.AppController
import app.rodina.state.Choice

/**
 * The new-game form, drawn from the form's state: the core decides which fields apply to
 * the choices made (a level against a bot, the side, a Xiangqi handicap and who gives it, the
 * Jieqi rules), so only those are shown. Start opens the game in the form's place.
 */
@Composable
fun NewGameScreen(app: AppController, language: Language) {
    val form = app.newGame
    val state by form.state.collectAsStateWithLifecycle()
    val chosen = state.form
    val fields = state.fields
    val levels = state.opponents.filter { it.value != null }
    // Back to a bot after a friend: the level chosen before, not the first one again.
    var lastLevel by rememberSaveable { mutableStateOf<String?>(null) }
    val friend = state.opponents.firstOrNull { it.value == null }?.label ?: uiText(language, UiText.NEW_GAME_FRIEND)
    val opponentKinds = listOf(
        Choice(false, friend),
        Choice(true, uiText(language, UiText.NEW_GAME_BOT)),
    )

    Scaffold(topBar = { BackTopBar(uiText(language, UiText.NEW_GAME_TITLE), language, onBack = { app.back() }) }) { padding ->
        Column(
            Modifier
                .fillMaxSize()
                .padding(padding)
                .verticalScroll(rememberScrollState())
                .padding(horizontal = 16.dp, vertical = 8.dp),
        ) {
            SectionTitle(uiText(language, UiText.NEW_GAME_GAME))
            RadioGroup(state.games, chosen.variant, onSelect = form::choose)

            SectionTitle(uiText(language, UiText.NEW_GAME_OPPONENT))
            SegmentedChoice(opponentKinds, selected = chosen.botLevel != null, onSelect = { bot ->
                form.chooseOpponent(if (bot) lastLevel ?: levels.firstOrNull()?.value else null)
            })

            if (fields.level) {
                SectionTitle(uiText(language, UiText.NEW_GAME_LEVEL))
                RadioGroup(levels, chosen.botLevel, onSelect = { level ->
                    lastLevel = level
                    form.chooseOpponent(level)
                })
            }
            // Against a bot the person's side is shown even when it is not theirs to choose
            // (a handicap's giver plays Red): greyed, with the side they will play.
            val plays = state.personPlays
            if (fields.side || plays != null) {
                SectionTitle(uiText(language, UiText.NEW_GAME_SIDE))
                SegmentedChoice(
                    state.sides,
                    selected = if (fields.side) chosen.personSide else plays,
                    onSelect = form::chooseSide,
                    enabled = fields.side,
                )
            }
            if (fields.handicap) {
                SectionTitle(uiText(language, UiText.NEW_GAME_HANDICAP))
                RadioGroup(state.handicaps, chosen.handicap, onSelect = form::chooseHandicap)
            }
            if (fields.giver) {
                SectionTitle(uiText(language, UiText.NEW_GAME_GIVER))
                RadioGroup(state.givers, chosen.giver, onSelect = form::chooseGiver)
            }
            if (fields.ruleSet) {
                SectionTitle(uiText(language, UiText.NEW_GAME_RULES))
                RadioGroup(state.ruleSets, chosen.ruleSet, onSelect = form::chooseRuleSet)
            }

            state.message?.let { MessageBanner(it, language, onDismiss = null, modifier = Modifier.padding(top = 16.dp)) }
            Button(onClick = app::startGame, modifier = Modifier.fillMaxWidth().padding(vertical = 24.dp)) {
                Text(uiText(language, UiText.NEW_GAME_START))
            }
        }
    }
}
