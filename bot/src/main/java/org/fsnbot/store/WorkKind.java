package org.fsnbot.store;

/** A patch series, a revision of a tree, or a bisection between two revisions. */
public enum WorkKind { SERIES, TREE, BISECT }
