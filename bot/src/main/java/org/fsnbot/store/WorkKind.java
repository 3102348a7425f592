package org.fsnbot.store;

/** A patch series, or a revision of a tree. */
public enum WorkKind { SERIES, TREE }
