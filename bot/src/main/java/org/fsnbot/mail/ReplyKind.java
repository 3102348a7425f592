package org.fsnbot.mail;

/**
 * What a mail from fsnbot is: the report of a measurement, one of the ways
 * a job can end without a verdict, or an answer to commands.
 */
public enum ReplyKind {
    REPORT,
    DOES_NOT_APPLY,
    BUILD_FAILURE,
    GATE_FAILURE,
    INFRASTRUCTURE_FAILURE,
    COMMAND,
    COMMAND_FAILED,
    WEEKLY,
    BISECT
}
