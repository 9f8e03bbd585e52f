"""The Celery task that indexes a lore document. Id in; ``indexing`` does the work.

A provider failure (embedder or vector store unreachable) is retried with backoff; after the
last retry the document ends ``failed`` with the reason, and the user can retry it. Running
the task twice changes nothing the second time (``indexing`` skips a claimed or finished
document). Registered when the ``memories`` app is ready."""

from __future__ import annotations

from celery import shared_task

from drawhisper.providers.base import ProviderError, TransientProviderError
from memories.documents.services import INDEX_TASK

MAX_RETRIES = 5


@shared_task(name=INDEX_TASK, bind=True, acks_late=True, max_retries=MAX_RETRIES)
def index_document(self, *, document_id: int) -> str:
    from memories.documents.indexing import fail
    from memories.documents.indexing import index_document as run
    from memories.models import LoreDocument

    try:
        return run(document_id=document_id)
    except TransientProviderError as error:
        if self.request.retries < MAX_RETRIES and not self.request.is_eager:
            # Give the claim back so the retry can take it.
            LoreDocument.objects.filter(pk=document_id).update(status=LoreDocument.Status.QUEUED)
            raise self.retry(countdown=min(5 * 2**self.request.retries, 300)) from error
        fail(document_id, f"Indexing failed: {error}")
        return LoreDocument.Status.FAILED
    except ProviderError as error:
        fail(document_id, f"Indexing failed: {error}")
        return LoreDocument.Status.FAILED
    except Exception as error:
        fail(document_id, f"Indexing failed unexpectedly ({type(error).__name__}).")
        raise
