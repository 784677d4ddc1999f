// Test data of pronunciation analyses, shared by the API tests and the progress page's tests.

/**
 * The `words` of an analysis (service-interface.md section 8): the graphemes "th", "e" and
 * "qu" with their phonemes, scores 0..1, verdicts bad|good|moderate and times in seconds.
 */
export const ANALYSIS_WORDS = [
  {
    chunks: [
      {
        graphemes: "th",
        phonemes: [{ ipa: "ð", score: 0.9, verdict: "good", start: 0.1, end: 0.18 }],
        score: 0.9,
        verdict: "good",
      },
      {
        graphemes: "e",
        phonemes: [{ ipa: "ə", score: 0.2, verdict: "bad", start: 0.18, end: 0.25 }],
        score: 0.2,
        verdict: "bad",
      },
    ],
  },
  {
    chunks: [
      {
        graphemes: "qu",
        phonemes: [
          { ipa: "k", score: 0.7, verdict: "moderate", start: 0.3, end: 0.36 },
          { ipa: "w", score: 0.5, verdict: "moderate", start: 0.36, end: 0.4 },
        ],
        score: 0.6,
        verdict: "moderate",
      },
    ],
  },
];
