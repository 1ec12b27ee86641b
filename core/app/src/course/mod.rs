//! Rules courses on the phone: the best score of every exercise in the Store
//! ([`Store::record_course_score`], [`Store::course_progress`]), merged with another
//! device's by the maximum. The courses, their runs and scores are `rodina-learn`'s.
//!
//! [`Store::record_course_score`]: crate::Store::record_course_score
//! [`Store::course_progress`]: crate::Store::course_progress

mod store;

pub(crate) use store::SCHEMA;
