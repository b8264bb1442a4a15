/** Captions of the explanation video: one transcript line per scene of `sceneSeconds` each. */
export const sceneSeconds = 8;

const timestamp = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

/** A WebVTT file with one cue per transcript line, in scene order. */
export function captionsFor(transcript: readonly string[]): string {
  const cues = transcript.map(
    (line, index) =>
      `${index + 1}\n${timestamp(index * sceneSeconds)} --> ${timestamp((index + 1) * sceneSeconds)}\n${line}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
