/** The quiz pages (spec section 2); the edited quiz's id is in the query (`?id=`). */
export const QUIZZES_PATH = '/home/quiz';
export const ADD_QUIZ_PATH = '/home/addquiz/add-quiz';
export const EDIT_QUIZ_PATH = '/home/editquiz/edit-quiz';
export const editQuizPath = (id: string) => `${EDIT_QUIZ_PATH}?id=${encodeURIComponent(id)}`;
