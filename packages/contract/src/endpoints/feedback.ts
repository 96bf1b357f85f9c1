import { endpoint } from '../endpoint';
import {
  adminFeedback,
  feedback,
  feedbackBody,
  feedbackIdParams,
  feedbackPage,
  feedbackQuery,
  updateFeedbackBody,
} from '../feedback';

/** Feedback from the Help dialog, and its administration. */
export const feedbackApi = {
  send: endpoint({
    method: 'POST',
    path: '/feedback',
    tags: ['feedback'],
    summary: 'Send feedback from the Help dialog',
    body: feedbackBody,
    status: 201,
    response: feedback.pick({ id: true, reported_page: true, content: true, status: true, created_at: true }),
    errors: [400, 401],
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/feedback',
    tags: ['admin: feedback'],
    summary: 'Feedback from the Help dialog: sender, page and status; filter by status, search',
    query: feedbackQuery,
    response: feedbackPage,
    errors: [400, 401, 403],
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/admin/feedback/:id',
    tags: ['admin: feedback'],
    summary: 'Mark feedback resolved or open again',
    params: feedbackIdParams,
    body: updateFeedbackBody,
    response: adminFeedback,
    errors: [400, 401, 403, 404],
  }),
};
