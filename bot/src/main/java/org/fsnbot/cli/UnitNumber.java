package org.fsnbot.cli;

/** A unit's number as an operator types it: 12 or #12, as `fsnbot queue` prints it. */
final class UnitNumber {

    private UnitNumber() {
    }

    static long parse(String typed) {
        String digits = typed.startsWith("#") ? typed.substring(1) : typed;
        BadInput.require(digits.matches("[1-9][0-9]{0,17}"), "UNIT " + TerminalText.safe(typed) + ": not a unit"
                + " number (fsnbot queue prints them as #12)");
        return Long.parseLong(digits);
    }
}
