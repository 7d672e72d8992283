package dev.petrel.client.producer;

/** A local transaction's outcome, as a {@link TransactionListener} reports it. */
public enum LocalTransactionState {
    /** The message becomes visible to consumers. */
    COMMIT,
    /** The message is dropped; consumers never see it. */
    ROLLBACK,
    /** Not known yet: the broker asks again later ({@link TransactionListener#checkLocalTransaction}). */
    UNKNOWN;

    /** The END_TRANSACTION {@code commitOrRollback} value: 8, 12 or 0. */
    int wireCode() {
        return switch (this) {
            case COMMIT -> 8;
            case ROLLBACK -> 12;
            case UNKNOWN -> 0;
        };
    }
}
