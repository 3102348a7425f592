package org.fsnbot.commands;

import java.util.Optional;
import org.fsnbot.store.Work;

/**
 * The thread a command mail is in: whether it answers a mail of ours, and
 * the work fsnbot did for the thread (the nearest in the thread), if any.
 */
public record CommandThread(boolean ours, Optional<Work> work) {
}
