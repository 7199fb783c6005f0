/**
 * The bond map's zoom limits. The lower one lets "Fit to view" hold every node of a 200-servant
 * village even when the servants were placed far apart (the old circle of radius count x 45 spans
 * 18,000 px at 200); 0.3 left a 100-servant village with no node in view.
 */
export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 2;
