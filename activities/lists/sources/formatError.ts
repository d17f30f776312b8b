/** Raised when an artifact is not the expected format at all (e.g. wrong header): the ingestion is refused. */
export class ArtifactFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArtifactFormatError';
  }
}
