// The labels are shared with the server's pages (the copy's index.html), so they live in sync/.
export { feelingLabels, scheduleLabels } from '../../sync/labels.ts';
