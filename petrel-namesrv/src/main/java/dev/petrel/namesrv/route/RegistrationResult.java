package dev.petrel.namesrv.route;

/**
 * What became of a registration, and for a slave where its master is.
 *
 * @param status       accepted, refused or ignored
 * @param haServerAddr the master's HA address (slaves only, while the master is alive), else null
 * @param masterAddr   the master's address (slaves only, while the master is alive), else null
 */
public record RegistrationResult(Status status, String haServerAddr, String masterAddr) {

    public enum Status {
        /** Applied. */
        ACCEPTED,
        /**
         * Refused: a one-topic (incremental) registration from a broker address the NameServer does not know yet.
         * Apache answers "register broker failed"; the broker's next full registration succeeds.
         */
        REFUSED_BEFORE_FULL_REGISTRATION,
        /**
         * Ignored: another address already holds this broker id with a newer state version (controller mode
         * fail-over race). Apache answers SUCCESS without master addresses; so does Petrel.
         */
        IGNORED_STALE_STATE
    }

    static final RegistrationResult REFUSED = new RegistrationResult(Status.REFUSED_BEFORE_FULL_REGISTRATION, null, null);
    static final RegistrationResult IGNORED = new RegistrationResult(Status.IGNORED_STALE_STATE, null, null);

    static RegistrationResult accepted(String haServerAddr, String masterAddr) {
        return new RegistrationResult(Status.ACCEPTED, haServerAddr, masterAddr);
    }
}
