import { type EndpointResponse, endpointPath } from '@reach/contract/endpoint';
import { postsApi } from '@reach/contract/endpoints/posts';
import { POST_MEDIA_FIELD, type PostPlatform } from '@reach/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForm } from '../../../lib/upload-form';
import { MENU_COUNTS_ROOT, postKeys } from './post-keys';

/** What the submit and resubmit forms send: the fields as text parts and up to 5 files named `media`. */
export type PostSubmission = {
  platform: PostPlatform;
  post_url: string;
  caption: string;
  files: File[];
};

function formBody(fields: Record<string, string | number>, files: File[]): () => FormData {
  return () => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, String(value));
    for (const file of files) body.append(POST_MEDIA_FIELD, file, file.name);
    return body;
  };
}

/** POST /posts — multipart, so the media upload reports its progress (0–100). */
export function submitPost(
  connectionId: number,
  input: PostSubmission,
  onProgress?: (percent: number) => void,
) {
  const { files, ...fields } = input;
  return postForm<EndpointResponse<typeof postsApi.submit>>(
    endpointPath(postsApi.submit),
    formBody({ connection_id: connectionId, ...fields }, files),
    onProgress,
  );
}

/** POST /posts/{id}/resubmit — a rejected post again; files sent replace the old media (none keeps them). */
export function resubmitPost(id: number, input: PostSubmission, onProgress?: (percent: number) => void) {
  const { files, ...fields } = input;
  return postForm<EndpointResponse<typeof postsApi.resubmit>>(
    endpointPath(postsApi.resubmit, { id }),
    formBody(fields, files),
    onProgress,
  );
}

type SubmitVariables = {
  /** The rejected post to resubmit; a new post otherwise. */
  postId: number | null;
  connectionId: number;
  input: PostSubmission;
  onProgress?: (percent: number) => void;
};

export function useSubmitPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, connectionId, input, onProgress }: SubmitVariables) =>
      postId === null ? submitPost(connectionId, input, onProgress) : resubmitPost(postId, input, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: MENU_COUNTS_ROOT });
    },
  });
}
