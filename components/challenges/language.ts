// The language field's hint: the API takes ISO 639-2 codes (lib/api/schemas.ts languageSchema).
export const LANGUAGE_HINT = "ISO 639-2 code: three letters, e.g. eng, nld, deu.";
