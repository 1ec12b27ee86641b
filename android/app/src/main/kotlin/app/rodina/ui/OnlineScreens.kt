package app.rodina.ui

import android.content.Intent
import androidx.compose.animation.animateContentSize
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
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
import androidx.compose.material3.ElevatedCard
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.Icon
import androidx.compose.material3.ListItem
import androidx.compose.material3.ListItemDefaults
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.painterResource
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.input.ImeAction
import androidx.compose.ui.text.input.KeyboardCapitalization
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.R
import app.rodina.core.ConnectionState
import app.rodina.core.OnlineLabel
import app.rodina.core.UiText
import app.rodina.core.onlineLabel
import app.rodina.core.uiText
import app.rodina.state.ClockUi
import app.rodina.state.OnlineController
import app.rodina.state.OnlineGameController
import app.rodina.state.OnlineGameScreenState

/** An online game's entry on a game's page: invite a friend to play it. */
@Composable
fun OnlineEntry(title: String, icon: Int, onOpen: () -> Unit) {
    ElevatedCard(onClick = onOpen, modifier = Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 8.dp)) {
        ListItem(
            colors = ListItemDefaults.colors(containerColor = Color.Transparent),
            leadingContent = { Icon(painterResource(icon), contentDescription = null) },
            headlineContent = { Text(title, style = MaterialTheme.typography.titleMedium) },
        )
    }
}

/**
 * Inviting a friend: the game, the side and the clock; once made, the code in large type,
 * the summary, the share sheet (the core's share text holds the code and the
 * `rodina://join/CODE` link) and the wait for the friend, which opens the game by itself.
 */
@Composable
fun InviteScreen(online: OnlineController, onBack: () -> Unit) {
    val state by online.invite.collectAsStateWithLifecycle()
    val language = state.language
    val context = LocalContext.current
    Scaffold(topBar = { BackTopBar(state.title, language, onBack) }) { padding ->
        Column(
            Modifier
                .fillMaxSize()
                .padding(padding)
                .verticalScroll(rememberScrollState())
                .padding(horizontal = 16.dp, vertical = 8.dp)
                .animateContentSize(),
        ) {
            val invitation = state.invitation
            if (invitation == null) {
                SectionTitle(uiText(language, UiText.NEW_GAME_GAME))
                RadioGroup(state.games, state.variant, onSelect = online::chooseVariant)
                SectionTitle(onlineLabel(language, OnlineLabel.INVITE_SIDE))
                SegmentedChoice(state.sides, state.side, onSelect = online::chooseSide)
                SectionTitle(onlineLabel(language, OnlineLabel.INVITE_CLOCK))
                RadioGroup(state.clocks, state.clock, onSelect = online::chooseClock)
                state.problem?.let {
                    MessageBanner(it, language, onDismiss = online::dismissInviteProblem, modifier = Modifier.padding(top = 16.dp))
                }
                Button(
                    onClick = { online.createInvitation() },
                    enabled = !state.creating,
                    modifier = Modifier.fillMaxWidth().padding(vertical = 24.dp),
                ) {
                    if (state.creating) CircularProgressIndicator(Modifier.size(18.dp), strokeWidth = 2.dp)
                    else Text(onlineLabel(language, OnlineLabel.INVITE_CREATE))
                }
            } else {
                Text(invitation.summary, style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(vertical = 8.dp))
                SectionTitle(onlineLabel(language, OnlineLabel.JOIN_CODE))
                SelectionContainer {
                    Text(
                        invitation.code,
                        style = MaterialTheme.typography.displaySmall,
                        fontFamily = FontFamily.Monospace,
                        textAlign = TextAlign.Center,
                        modifier = Modifier.fillMaxWidth().padding(vertical = 12.dp),
                    )
                }
                SelectionContainer {
                    Text(
                        invitation.link,
                        style = MaterialTheme.typography.bodyMedium,
                        color = MaterialTheme.colorScheme.onSurfaceVariant,
                        textAlign = TextAlign.Center,
                        modifier = Modifier.fillMaxWidth(),
                    )
                }
                FilledTonalButton(
                    onClick = {
                        val send = Intent(Intent.ACTION_SEND).apply {
                            type = "text/plain"
                            putExtra(Intent.EXTRA_TEXT, invitation.shareText)
                        }
                        context.startActivity(Intent.createChooser(send, onlineLabel(language, OnlineLabel.INVITE_SHARE)))
                    },
                    modifier = Modifier.fillMaxWidth().padding(vertical = 16.dp),
                ) {
                    Icon(painterResource(R.drawable.ic_share), contentDescription = null, modifier = Modifier.size(18.dp))
                    Text(onlineLabel(language, OnlineLabel.INVITE_SHARE), modifier = Modifier.padding(start = 8.dp))
                }
                if (state.waiting) {
                    Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.padding(vertical = 8.dp)) {
                        CircularProgressIndicator(Modifier.size(20.dp), strokeWidth = 2.dp)
                        Text(
                            onlineLabel(language, OnlineLabel.INVITE_WAITING),
                            style = MaterialTheme.typography.bodyLarge,
                            modifier = Modifier.padding(start = 12.dp).semantics { liveRegion = LiveRegionMode.Polite },
                        )
                    }
                }
                state.notice?.let { RefusalText(it) }
                state.problem?.let { MessageBanner(it, language, onDismiss = null, modifier = Modifier.padding(top = 16.dp)) }
            }
        }
    }
}

/**
 * Joining a friend's game: the code field (a code typed with spaces, dashes or in lower case
 * is taken, as is a whole link pasted), who invites to what once looked up, and Join. A
 * `rodina://join/CODE` link opens this screen with its code filled in and looked up.
 */
@Composable
fun JoinScreen(online: OnlineController, onBack: () -> Unit) {
    val state by online.join.collectAsStateWithLifecycle()
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
            OutlinedTextField(
                value = state.code,
                onValueChange = online::setCode,
                label = { Text(onlineLabel(language, OnlineLabel.JOIN_CODE)) },
                singleLine = true,
                textStyle = MaterialTheme.typography.headlineSmall.copy(fontFamily = FontFamily.Monospace),
                keyboardOptions = KeyboardOptions(capitalization = KeyboardCapitalization.Characters, imeAction = ImeAction.Go),
                keyboardActions = KeyboardActions(onGo = { if (state.canJoin) online.joinGame() }),
                modifier = Modifier.fillMaxWidth(),
            )
            state.invitation?.let { invitation ->
                Surface(color = MaterialTheme.colorScheme.secondaryContainer, shape = MaterialTheme.shapes.medium) {
                    Text(invitation.invitedBy, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.fillMaxWidth().padding(12.dp))
                }
            }
            state.problem?.let { MessageBanner(it, language, onDismiss = null) }
            Button(onClick = { online.joinGame() }, enabled = state.canJoin, modifier = Modifier.fillMaxWidth()) {
                if (state.busy) CircularProgressIndicator(Modifier.size(18.dp), strokeWidth = 2.dp)
                else Text(onlineLabel(language, OnlineLabel.JOIN_BUTTON))
            }
        }
    }
}

/**
 * An online game: the shared board between the players' bars with both clocks, the
 * connection banner while it is not live, the status (or the result with the Jieqi deal's
 * check), the draw offer to answer, and the actions: offer a draw, resign, abort, claim the
 * win, rematch.
 */
@Composable
fun OnlineGameScreen(game: OnlineGameController, onBack: () -> Unit) {
    val state by game.state.collectAsStateWithLifecycle()
    val language = state.language
    BoardScaffold(state, game, state.title, canFlip = !state.opening, onBack) { padding ->
        val problem = state.openProblem
        if (problem != null) {
            MessageBanner(problem, language, onDismiss = null, modifier = Modifier.padding(padding).padding(16.dp))
        } else if (state.opening) {
            OpeningScreen(language)
        } else {
            BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
                BoardLayout(state, game, tallPanelHeight = 96.dp, moveStripWhenTall = true, panel = { OnlinePanel(state, game, it) }) {
                    OnlineActions(state, game)
                }
            }
        }
    }
}

/** Both clocks, the connection, the status or the result with the deal's check, offers, messages. */
@Composable
private fun OnlinePanel(state: OnlineGameScreenState, game: OnlineGameController, modifier: Modifier = Modifier) {
    val language = state.language
    Column(modifier.fillMaxWidth().animateContentSize(), verticalArrangement = Arrangement.spacedBy(6.dp)) {
        state.connectionText?.let { ConnectionBanner(it, state.connection) }
        if (state.topClock != null || state.bottomClock != null) {
            Row(horizontalArrangement = Arrangement.SpaceBetween, modifier = Modifier.fillMaxWidth().padding(horizontal = 4.dp)) {
                // The bottom bar's clock (this player's) first, the opponent's beside it.
                state.bottomClock?.let { ClockText(it) }
                state.topClock?.let { ClockText(it) }
            }
        }
        val result = state.result
        if (result != null) {
            Surface(
                color = MaterialTheme.colorScheme.tertiaryContainer,
                shape = MaterialTheme.shapes.medium,
                modifier = Modifier.fillMaxWidth().padding(top = 4.dp),
            ) {
                Column(Modifier.padding(12.dp)) {
                    Text(
                        result,
                        style = MaterialTheme.typography.titleMedium,
                        textAlign = TextAlign.Center,
                        modifier = Modifier.fillMaxWidth().semantics { liveRegion = LiveRegionMode.Polite },
                    )
                    state.dealText?.let {
                        Text(it, style = MaterialTheme.typography.bodyMedium, textAlign = TextAlign.Center, modifier = Modifier.fillMaxWidth().padding(top = 4.dp))
                    }
                }
            }
        } else {
            Text(
                state.status,
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.padding(horizontal = 4.dp, vertical = 4.dp).semantics { liveRegion = LiveRegionMode.Polite },
            )
            state.dealText?.let { Text(it, style = MaterialTheme.typography.bodySmall, modifier = Modifier.padding(horizontal = 4.dp)) }
        }
        state.opponentAwayText?.let { RefusalText(it) }
        state.drawText?.let { offer ->
            Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.fillMaxWidth().padding(horizontal = 4.dp)) {
                Text(offer, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.weight(1f).semantics { liveRegion = LiveRegionMode.Polite })
                if (state.canAnswerDraw) {
                    OutlinedButton(onClick = { game.declineDraw() }) { Text(onlineLabel(language, OnlineLabel.DECLINE_DRAW)) }
                    Button(onClick = { game.acceptDraw() }, modifier = Modifier.padding(start = 8.dp)) {
                        Text(onlineLabel(language, OnlineLabel.ACCEPT_DRAW))
                    }
                }
            }
        }
        state.rematchText?.let { Text(it, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(horizontal = 4.dp)) }
        state.message?.let { RefusalText(it) }
    }
}

/** A clock: its time, strong while it runs, in the error colour when little is left. */
@Composable
private fun ClockText(clock: ClockUi) {
    Surface(
        color = if (clock.running) MaterialTheme.colorScheme.secondaryContainer else Color.Transparent,
        shape = MaterialTheme.shapes.small,
    ) {
        Text(
            clock.text,
            style = MaterialTheme.typography.headlineSmall,
            fontFamily = FontFamily.Monospace,
            color = if (clock.low) MaterialTheme.colorScheme.error else Color.Unspecified,
            modifier = Modifier.padding(horizontal = 12.dp, vertical = 4.dp),
        )
    }
}

/** The connection as said by the core (connecting, lost and retrying, offline and why). */
@Composable
private fun ConnectionBanner(text: String, connection: ConnectionState) {
    val offline = connection is ConnectionState.Offline
    Surface(
        color = if (offline) MaterialTheme.colorScheme.errorContainer else MaterialTheme.colorScheme.surfaceVariant,
        contentColor = if (offline) MaterialTheme.colorScheme.onErrorContainer else MaterialTheme.colorScheme.onSurfaceVariant,
        shape = MaterialTheme.shapes.medium,
        modifier = Modifier.fillMaxWidth(),
    ) {
        Row(verticalAlignment = Alignment.CenterVertically, modifier = Modifier.padding(horizontal = 12.dp, vertical = 8.dp)) {
            if (offline) Icon(painterResource(R.drawable.ic_warning), contentDescription = null)
            else CircularProgressIndicator(Modifier.size(18.dp), strokeWidth = 2.dp)
            Text(
                text,
                style = MaterialTheme.typography.bodyMedium,
                modifier = Modifier.padding(start = 12.dp).semantics { liveRegion = LiveRegionMode.Polite },
            )
        }
    }
}

/**
 * Offer a draw, resign, abort (before each side has moved), claim the win (the opponent gone
 * long enough), and once over the rematch: offer one, or accept the opponent's. Only what
 * the core allows now is shown (abort and resign only while they apply).
 */
@Composable
private fun OnlineActions(state: OnlineGameScreenState, game: OnlineGameController) {
    val language = state.language
    val stepsUnderWay = state.canRestartMove && (state.promotion != null || state.cells.any { it.hovering })
    ActionRow {
        if (stepsUnderWay) {
            ActionButton(R.drawable.ic_restart, uiText(language, UiText.GAME_RESTART_MOVE), onClick = game::restartMove)
        }
        if (!state.finished) {
            ActionButton(R.drawable.ic_draw, onlineLabel(language, OnlineLabel.OFFER_DRAW), enabled = state.canOfferDraw, onClick = { game.offerDraw() })
            if (state.canAbort) {
                ActionButton(R.drawable.ic_close, onlineLabel(language, OnlineLabel.ABORT), onClick = { game.abort() })
            } else {
                ActionButton(R.drawable.ic_flag, onlineLabel(language, OnlineLabel.RESIGN), enabled = state.canResign, onClick = { game.resign() })
            }
            if (state.canClaimWin) {
                ActionButton(R.drawable.ic_next, onlineLabel(language, OnlineLabel.CLAIM_WIN), onClick = { game.claimWin() })
            }
        } else if (state.canAcceptRematch) {
            ActionButton(R.drawable.ic_restart, onlineLabel(language, OnlineLabel.ACCEPT_REMATCH), onClick = { game.acceptRematch() })
        } else {
            ActionButton(R.drawable.ic_restart, onlineLabel(language, OnlineLabel.REMATCH), enabled = state.canOfferRematch, onClick = { game.offerRematch() })
        }
    }
}
