package org.fsnbot.run;

/** Which kernel of a comparison a boot ran. */
public enum Side {
    BASE,
    PATCHED
}
