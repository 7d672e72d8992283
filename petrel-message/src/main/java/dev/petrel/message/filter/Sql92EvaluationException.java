package dev.petrel.message.filter;

/**
 * Abandons the evaluation of one message when a value cannot be converted for a comparison (for example
 * {@code a > 5} with {@code a = "5.5"}). RocketMQ's broker treats the same situation as "no match", so
 * {@link Sql92Filter#evaluate} catches it and reports {@link MatchResult.Kind#ERROR}. Carries no stack trace: a
 * broker may see one per message.
 */
final class Sql92EvaluationException extends RuntimeException {

    Sql92EvaluationException(String reason) {
        super(reason, null, false, false);
    }
}
