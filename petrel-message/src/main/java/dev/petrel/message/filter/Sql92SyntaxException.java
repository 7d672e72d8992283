package dev.petrel.message.filter;

/**
 * Thrown inside the lexer and parser to abandon a compile; {@link FilterCompiler} turns it into a {@link FilterError}
 * value, so it never leaves this package. Carries no stack trace: it is an expected outcome for bad input.
 */
final class Sql92SyntaxException extends RuntimeException {

    private final int offset;

    /**
     * @param offset 0-based index of the offending character or token in the expression
     * @param reason what was found and what was expected, in words a user can act on
     */
    Sql92SyntaxException(int offset, String reason) {
        super(reason, null, false, false);
        this.offset = offset;
    }

    int offset() {
        return offset;
    }
}
